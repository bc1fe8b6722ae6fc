// A screen's app/data with its timeline (docs/schedules.md §Player timeline): the manifest's version and items (the
// default content, for a content player that does not read timelines), and the timeline: segments for the next 96
// hours, the rules, and the items of every playlist they name. What shows is hashed without generatedAt, horizonEnd
// and segments (which follow from the rest), so the version rises only when what the screen shows changes.

import { createHash } from 'node:crypto';
import { shareValue, type AppDataItem } from '@marquee/protocol';
import type { PlayerTimeline, Segment } from '@marquee/timeline';
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
  hash: string;
}

export function payloadOf(
  entry: ScreenRules,
  segments: readonly Segment[],
  media: ReadonlyMap<string, MediaRef>,
  publicUrl: string,
  generatedAt: number,
): ScreenPayload {
  const playlists: Record<string, { name: string; items: AppDataItem[] }> = {};
  for (const key of [...entry.playlists.keys()].sort()) {
    const { name, sources } = entry.playlists.get(key)!;
    playlists[key] = { name, items: buildItems(sources, media, publicUrl, 'items') };
  }
  const items = entry.defaultKey === null ? [] : (playlists[entry.defaultKey]?.items ?? []);
  const hash = createHash('sha256')
    .update(JSON.stringify({ rules: entry.rules, playlists, items }))
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
