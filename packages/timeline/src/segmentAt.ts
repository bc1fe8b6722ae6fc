// What shows at one instant, for a player that evaluates the rules itself (docs/schedules.md §Time rules).

import { DAY_MS } from './localDateTime';
import { resolveTimeline, type Segment } from './resolveTimeline';
import type { TimelineRules } from './rules';

/** How far either side of the instant segmentAt looks for where its segment begins and ends. */
export const SEGMENT_AT_REACH_MS = DAY_MS;

/**
 * The segment showing at `t`. Its start and end are the real ones when they lie within a day of `t`, else that
 * day's edge: a segment that lasts longer is still running, look again with nextChange.
 */
export function segmentAt(rules: TimelineRules, t: number): Segment {
  const segments = resolveTimeline(rules, t - SEGMENT_AT_REACH_MS, t + SEGMENT_AT_REACH_MS);
  const found = segments.find((segment) => segment.start <= t && t < segment.end);
  if (found === undefined) throw new RangeError(`No segment at ${t}`);
  return found;
}
