// What the timeline shows at an instant and until when (docs/schedules.md §Player behaviour). Inside
// [generatedAt, horizonEnd) the server's segments answer; outside (past the horizon while offline, or a device
// clock behind the server's) the engine resolves the rules, the same code the server ran. "Until" is the next
// instant at which what plays changes, so the player arms one timer and sleeps until then.

import { nextChange, segmentAt, type Segment } from '@marquee/timeline';
import type { PlayerTimeline } from './timeline';

/** How far ahead the rules are searched for the next change; nothing changing within it re-evaluates then. */
export const RULES_LOOKAHEAD_MS = 7 * 24 * 60 * 60 * 1000;

export interface Showing {
  segment: Segment;
  /** When what plays changes next (epoch ms); at most RULES_LOOKAHEAD_MS ahead. */
  until: number;
}

/** What a segment plays: the same key plays on without a restart across a boundary. */
export function contentKey(segment: Segment): string {
  if (segment.message !== null) return `message:${segment.message}`;
  if (segment.source.kind === 'idle' || segment.playlistIds.length === 0) return 'idle';
  return `playlists:${JSON.stringify(segment.playlistIds)}`;
}

/** The index of the segment containing t, or -1 (segments are sorted and do not overlap). */
function segmentIndexAt(segments: readonly Segment[], t: number): number {
  let low = 0;
  let high = segments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const segment = segments[middle]!;
    if (t < segment.start) high = middle - 1;
    else if (t >= segment.end) low = middle + 1;
    else return middle;
  }
  return -1;
}

function byRules(timeline: PlayerTimeline, t: number): Showing {
  const segment = segmentAt(timeline.rules, t);
  const limit = t + RULES_LOOKAHEAD_MS;
  return { segment, until: nextChange(timeline.rules, t, limit) ?? limit };
}

export function showingAt(timeline: PlayerTimeline, t: number): Showing {
  const { segments } = timeline;
  const index = t >= timeline.generatedAt && t < timeline.horizonEnd ? segmentIndexAt(segments, t) : -1;
  if (index === -1) return byRules(timeline, t);
  const segment = segments[index]!;
  const key = contentKey(segment);
  for (let next = index + 1; next < segments.length; next++) {
    const later = segments[next]!;
    // A gap in the segments is a change the rules must settle.
    if (later.start !== segments[next - 1]!.end) return { segment, until: segments[next - 1]!.end };
    if (contentKey(later) !== key) return { segment, until: later.start };
  }
  // The same content up to the horizon: the rules say how long it goes on past it.
  const last = segments[segments.length - 1]!;
  if (last.end < timeline.horizonEnd) return { segment, until: last.end };
  const beyond = byRules(timeline, last.end);
  return { segment, until: contentKey(beyond.segment) === key ? beyond.until : last.end };
}
