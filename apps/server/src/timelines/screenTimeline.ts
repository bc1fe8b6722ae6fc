// GET /screens/{id}/timeline (docs/schedules.md §API): what the screen shows between two instants and why, each
// segment's ends written with the screen's offset at that instant (so a London screen reads +00:00 before the
// spring change and +01:00 after it).

import {
  DEFAULT_TIMELINE_SPAN_MS,
  MAX_TIMELINE_SPAN_MS,
  type TimelineAnswer,
  type TimelineQuery,
  type TimelineSource,
} from '@marquee/management-api';
import { formatIsoWithOffset } from '@marquee/protocol';
import { resolveTimeline, type Segment } from '@marquee/timeline';
import type { Screen } from '../db/schema';
import { invalid } from '../domain/errors';
import { OWN_ITEMS_KEY, OWN_ITEMS_NAME } from './screenRules';
import type { TimelineService } from './timelineService';

const IDLE_NAME = 'Idle';

/** A segment's source and playlists as the API shows them: the screen's own items are no playlist. */
export function sourceOf(segment: Segment): { source: TimelineSource; playlistIds: string[] } {
  const { kind, id, name } = segment.source;
  if (kind === 'default' && id === OWN_ITEMS_KEY) {
    return { source: { kind, id: null, name: OWN_ITEMS_NAME }, playlistIds: [] };
  }
  return {
    source: { kind, id, name: name ?? (kind === 'idle' ? IDLE_NAME : '') },
    playlistIds: segment.playlistIds.filter((playlistId) => playlistId !== OWN_ITEMS_KEY),
  };
}

export async function screenTimeline(
  timelines: TimelineService,
  screen: Screen,
  query: TimelineQuery,
  now: number,
): Promise<TimelineAnswer> {
  const from = query.from ?? now;
  const to = query.to ?? from + DEFAULT_TIMELINE_SPAN_MS;
  if (to <= from) throw invalid('INVALID_RANGE', 'to must be after from', 'to');
  if (to - from > MAX_TIMELINE_SPAN_MS)
    throw invalid('INVALID_RANGE', 'to must be at most 31 days after from', 'to');
  const [entry] = await timelines.rulesOf(screen.org_id, [screen]);
  const rules = entry!.rules;
  const zone = rules.timezone;
  return {
    timezone: zone,
    version: screen.content_version,
    segments: resolveTimeline(rules, from, to).map((segment) => {
      const { source, playlistIds } = sourceOf(segment);
      return {
        start: formatIsoWithOffset(segment.start, zone),
        end: formatIsoWithOffset(segment.end, zone),
        source,
        playlistId: playlistIds[0] ?? null,
        playlistIds,
        message: segment.message,
        reason: segment.reason,
      };
    }),
  };
}
