// The items the screen may need over the next 24 hours (docs/schedules.md §Player behaviour), so their media are
// in the cache before a boundary that may come while offline: every playlist of every segment overlapping
// [from, from + span), from the server's segments and, past their horizon, from the rules.

import type { AppDataItem } from '@marquee/protocol';
import { resolveTimeline, type Segment } from '@marquee/timeline';
import type { Manifest } from './manifest';

export const PREFETCH_SPAN_MS = 24 * 60 * 60 * 1000;

export function itemsAhead(manifest: Manifest, from: number, span = PREFETCH_SPAN_MS): AppDataItem[] {
  const { timeline } = manifest;
  if (timeline === null) return manifest.items;
  const to = from + span;
  const segments: Segment[] = timeline.segments.filter((segment) => segment.end > from && segment.start < to);
  if (to > timeline.horizonEnd) {
    segments.push(...resolveTimeline(timeline.rules, Math.max(from, timeline.horizonEnd), to));
  }
  if (from < timeline.generatedAt) {
    segments.push(...resolveTimeline(timeline.rules, from, Math.min(to, timeline.generatedAt)));
  }
  const keys = new Set(segments.flatMap((segment) => segment.playlistIds));
  return [...keys].flatMap((key) => timeline.playlists[key]?.items ?? []);
}
