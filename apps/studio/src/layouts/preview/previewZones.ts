// What the layout's preview shows in each zone: a clock, text, ticker or QR code app as a screen draws it (from
// its options, once they are valid), a feed app's feed as the server cleans it for screens, an operator's web app
// running in its frame, a playlist's first item, or a word on what is missing.

import type { FeedViewOptions } from '@marquee/layout-view';
import type { PlayerAppSpec, PlayerAppSpecOf } from '@marquee/protocol';
import type { Media, Playlist } from '../../api/types';
import { previewItemsOf, type PreviewItem } from '../../playlists/previewItems';
import { rowOf } from '../../screens/contentDraft';
import { APP_LABELS, appProblems, appSpecOf, parseConfig } from '../appDraft';
import type { DraftZone } from '../layoutDraft';

export type ZoneShow =
  | { kind: 'app'; app: PlayerAppSpec }
  | { kind: 'feed'; url: string; app: FeedViewOptions }
  | { kind: 'html'; url: string; config: Record<string, unknown> }
  | { kind: 'item'; item: PreviewItem | undefined }
  | { kind: 'note'; title: string; detail: string };

export interface PreviewZone {
  key: string;
  x: number;
  y: number;
  width: number;
  height: number;
  z: number;
  show: ZoneShow;
}

const DRAWN = new Set(['clock', 'text', 'ticker', 'qr']);

function showOf(
  zone: DraftZone,
  playlists: readonly Playlist[],
  media: readonly Media[],
  apiUrl: string,
): ZoneShow {
  if (zone.content.kind === 'playlist') {
    const playlist = playlists.find(
      (candidate) => candidate.id === (zone.content as { playlistId: string }).playlistId,
    );
    if (playlist === undefined) return { kind: 'note', title: 'Playlist', detail: 'Not chosen yet' };
    const first = playlist.items[0];
    return {
      kind: 'item',
      item: first === undefined ? undefined : previewItemsOf([rowOf(first)], media, apiUrl)[0],
    };
  }
  const { app } = zone.content;
  const problems = Object.values(appProblems(app));
  if (problems.length > 0) return { kind: 'note', title: APP_LABELS[app.type], detail: problems[0]! };
  if (app.type === 'feed') {
    // The API's options of a feed app are the player's, less the copy's address a saved layout gets.
    const { type: _type, url, ...options } = appSpecOf(app) as Omit<PlayerAppSpecOf<'feed'>, 'src'>;
    return { kind: 'feed', url, app: options };
  }
  if (app.type === 'html') {
    const config = parseConfig(app.configText);
    return { kind: 'html', url: app.url.trim(), config: config.ok ? (config.config ?? {}) : {} };
  }
  if (!DRAWN.has(app.type)) return { kind: 'note', title: APP_LABELS[app.type], detail: app.url.trim() };
  // These four apps' options are the same in the API's form and the player's.
  return { kind: 'app', app: appSpecOf(app) as PlayerAppSpec };
}

export function previewZonesOf(
  zones: readonly DraftZone[],
  playlists: readonly Playlist[],
  media: readonly Media[],
  apiUrl: string,
): PreviewZone[] {
  return zones.map((zone) => ({
    key: zone.key,
    x: zone.x,
    y: zone.y,
    width: zone.width,
    height: zone.height,
    z: zone.z,
    show: showOf(zone, playlists, media, apiUrl),
  }));
}
