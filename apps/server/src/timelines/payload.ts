// A screen's app/data with its timeline (docs/schedules.md §Player timeline): the manifest's version and items (the
// default content, for a content player that does not read timelines), and the timeline: segments for the next 96
// hours, the rules, the layouts they name (docs/layouts.md §The player's form) and the items of every playlist they
// and those layouts' zones name. What shows is hashed without generatedAt, horizonEnd and segments (which follow from
// the rest), so the version rises only when what the screen shows changes. The payload is shared by the screens with
// the same rules; each screen's own part (its id, name and tags, for apps) is hashed on top by screenHash.

import { createHash } from 'node:crypto';
import { shareValue, type AppDataItem, type AppDataScreen, type PlayerLayout } from '@marquee/protocol';
import type { PlayerTimeline, Segment } from '@marquee/timeline';
import { playerLayoutOf } from '../layouts/playerLayout';
import type { MediaRef } from '../media/mediaCatalog';
import { buildItems } from '../screens/content';
import type { ScreenRules } from './screenRules';

/** How far ahead segments are resolved. */
export const TIMELINE_HORIZON_MS = 96 * 60 * 60 * 1000;
/** A timeline with less left than this is issued again by the sweep. */
export const TIMELINE_MIN_HORIZON_MS = 72 * 60 * 60 * 1000;

export interface ScreenPayload {
  /** The default content's items (app/data items). */
  items: AppDataItem[];
  timeline: PlayerTimeline;
  /** Of what the screens sharing it show; a screen's own hash adds its AppDataScreen (screenHash). */
  hash: string;
}

/** The screen as app/data carries it for apps' getContext(): no empty tag list (the tree keeps none). */
export function appDataScreenOf(
  screen: { id: string; name: string },
  tags: readonly string[],
): AppDataScreen {
  return { id: screen.id, name: screen.name, ...(tags.length === 0 ? {} : { tags: [...tags] }) };
}

/** The hash of what one screen shows: the shared payload's and its own part. */
export function screenHash(payload: ScreenPayload, screen: AppDataScreen): string {
  return createHash('sha256').update(payload.hash).update(JSON.stringify(screen)).digest('base64url');
}

export function payloadOf(
  entry: ScreenRules,
  segments: readonly Segment[],
  media: ReadonlyMap<string, MediaRef>,
  feeds: ReadonlyMap<string, string>,
  publicUrl: string,
  generatedAt: number,
): ScreenPayload {
  const playlists: Record<string, { name: string; items: AppDataItem[] }> = {};
  for (const key of [...entry.playlists.keys()].sort()) {
    const { name, sources } = entry.playlists.get(key)!;
    playlists[key] = { name, items: buildItems(sources, media, publicUrl, 'items') };
  }
  const layouts: Record<string, PlayerLayout> = {};
  for (const key of [...entry.layouts.keys()].sort()) {
    layouts[key] = playerLayoutOf(entry.layouts.get(key)!, feeds, publicUrl);
  }
  // A layout as default content has no items: a player that reads no timeline shows nothing new.
  const items = entry.defaultKey === null ? [] : (playlists[entry.defaultKey]?.items ?? []);
  const hash = createHash('sha256')
    .update(JSON.stringify({ rules: entry.rules, playlists, layouts, items }))
    .digest('base64url');
  // Written unchanged into the document of every screen sharing these rules: stored, read and hashed once.
  return {
    items: shareValue(items),
    hash,
    timeline: shareValue({
      timezone: entry.rules.timezone,
      generatedAt,
      horizonEnd: generatedAt + TIMELINE_HORIZON_MS,
      rules: entry.rules,
      playlists,
      layouts,
      segments: segments.map((segment) => ({
        start: segment.start,
        end: segment.end,
        source: segment.source,
        playlistIds: segment.playlistIds,
        message: segment.message,
      })),
    }),
  };
}
