// Where a schedule would share the screen with others of the same priority (docs/schedules.md §Time rules): tied
// schedules play one after another, which an operator may not mean, so the studio warns before saving.

import { occurrences, type Occurrence } from './occurrences';
import type { ScheduleRule } from './rules';

export interface EqualPriorityOverlap {
  scheduleId: string;
  name: string;
  start: number;
  end: number;
}

/**
 * Where `candidate` runs at the same time as one of `others` with the same priority, within [from, to): one entry
 * per stretch and schedule (back-to-back stretches joined), ordered by start, then schedule id. `others` may hold
 * the candidate itself (an edit): a schedule with its id is skipped.
 */
export function equalPriorityOverlaps(
  candidate: ScheduleRule,
  others: readonly ScheduleRule[],
  screenZone: string,
  from: number,
  to: number,
): EqualPriorityOverlap[] {
  const mine = occurrences(candidate, screenZone, from, to);
  const found: EqualPriorityOverlap[] = [];
  for (const other of others) {
    if (other.priority !== candidate.priority || other.id === candidate.id) continue;
    let last: EqualPriorityOverlap | null = null;
    for (const { start, end } of intersections(mine, occurrences(other, screenZone, from, to))) {
      const clipped = { start: Math.max(start, from), end: Math.min(end, to) };
      if (last !== null && last.end === clipped.start) last.end = clipped.end;
      else found.push((last = { scheduleId: other.id, name: other.name, ...clipped }));
    }
  }
  return found.sort(
    (a, b) => a.start - b.start || (a.scheduleId < b.scheduleId ? -1 : a.scheduleId > b.scheduleId ? 1 : 0),
  );
}

/** Where two ordered lists of windows overlap, in order. */
function intersections(a: readonly Occurrence[], b: readonly Occurrence[]): Occurrence[] {
  const found: Occurrence[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    const start = Math.max(x.start, y.start);
    const end = Math.min(x.end, y.end);
    if (start < end) found.push({ start, end });
    if (x.end <= y.end) i++;
    else j++;
  }
  return found;
}
