// The player's form of a layout (docs/layouts.md §The player's form; @marquee/protocol's layout.ts): what a screen's
// timeline carries under `layouts`. A zone names its playlist by id (a key of the timeline's playlists); a feed app
// names the server's cleaned copy (feeds/feedRegistry.ts), never the feed itself; an html app's configuration
// becomes JSON text. Nothing absent is written as null or an empty list (the realtime tree keeps neither).

import type { AppSpec, Zone } from '@marquee/management-api';
import type { PlayerAppSpec, PlayerLayout, PlayerZone } from '@marquee/protocol';
import { feedSrc } from '../feeds/feedRegistry';

export interface StoredLayout {
  name: string;
  background: string;
  durationMs: number;
  zones: readonly Zone[];
}

/** The player's form of an app; null for a feed whose URL is not registered (its zone is left out). */
function playerApp(
  app: AppSpec,
  feeds: ReadonlyMap<string, string>,
  publicUrl: string,
): PlayerAppSpec | null {
  if (app.type === 'feed') {
    const feedId = feeds.get(app.url);
    return feedId === undefined ? null : { ...app, src: feedSrc(publicUrl, feedId) };
  }
  if (app.type === 'html') {
    const { config, ...rest } = app;
    return config === undefined ? rest : { ...rest, config: JSON.stringify(config) };
  }
  return app;
}

function playerZone(zone: Zone, feeds: ReadonlyMap<string, string>, publicUrl: string): PlayerZone | null {
  const place = { id: zone.id, x: zone.x, y: zone.y, width: zone.width, height: zone.height };
  const named = { ...place, ...(zone.name === undefined ? {} : { name: zone.name }), z: zone.z ?? 0 };
  if ('playlistId' in zone.content) return { ...named, playlistId: zone.content.playlistId };
  const app = playerApp(zone.content.app, feeds, publicUrl);
  return app === null ? null : { ...named, app };
}

/** `layout` as a player reads it; `feeds` maps the organisation's feed URLs to their ids. */
export function playerLayoutOf(
  layout: StoredLayout,
  feeds: ReadonlyMap<string, string>,
  publicUrl: string,
): PlayerLayout {
  const zones = layout.zones.flatMap((zone) => playerZone(zone, feeds, publicUrl) ?? []);
  return {
    name: layout.name,
    background: layout.background,
    durationMs: layout.durationMs,
    ...(zones.length === 0 ? {} : { zones }),
  };
}
