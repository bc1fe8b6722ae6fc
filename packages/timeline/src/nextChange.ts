// When what a screen shows next changes, so a player wakes up at boundaries only (docs/schedules.md §Time rules).

import { resolveTimeline, type Segment } from './resolveTimeline';
import type { TimelineRules } from './rules';

/** Whether two segments put the same thing on screen; their reasons may differ. */
function showsTheSame(a: Segment, b: Segment): boolean {
  return (
    a.source.kind === b.source.kind &&
    a.source.id === b.source.id &&
    a.message === b.message &&
    a.playlistIds.length === b.playlistIds.length &&
    a.playlistIds.every((id, i) => id === b.playlistIds[i])
  );
}

/**
 * The first instant after `t`, and before `limit` (epoch ms), at which what shows changes: another source,
 * other content or another message. A change of reason alone does not count. Null when nothing changes before
 * `limit`.
 */
export function nextChange(rules: TimelineRules, t: number, limit: number): number | null {
  const segments = resolveTimeline(rules, t, limit);
  for (let i = 1; i < segments.length; i++) {
    if (!showsTheSame(segments[i - 1]!, segments[i]!)) return segments[i]!.start;
  }
  return null;
}
