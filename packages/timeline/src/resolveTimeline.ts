// What a screen shows from one instant to another and why (docs/schedules.md §Time rules). Every window is
// gathered once and clipped to the range, then one sweep over the sorted boundaries keeps the active set; the top
// priority is found from counts per priority, so the cost follows the number of windows, never the minutes.

import { eachOccurrence } from './occurrences';
import { SCHEDULE_PRIORITY_MAX, type TimelineRules } from './rules';
import { DEFAULT_CONTENT_REASON, IDLE_REASON, overrideReason, scheduleReason } from './segmentReason';

export type SegmentKind = 'override' | 'schedule' | 'default' | 'idle';

export interface SegmentSource {
  kind: SegmentKind;
  id: string | null;
  name: string | null;
}

export interface Segment {
  start: number;
  end: number;
  source: SegmentSource;
  /** Content keys to play one after another, in a stable order (several schedules tied at the top priority). */
  playlistIds: string[];
  /** An override's text. */
  message: string | null;
  reason: string;
}

function sameShown(a: Segment, b: Segment): boolean {
  return (
    a.source.kind === b.source.kind &&
    a.source.id === b.source.id &&
    a.source.name === b.source.name &&
    a.message === b.message &&
    a.reason === b.reason &&
    a.playlistIds.length === b.playlistIds.length &&
    a.playlistIds.every((id, i) => id === b.playlistIds[i])
  );
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Removes `value` from `list` in place (splice would allocate the removed part on every call). */
function remove(list: number[], value: number): void {
  const at = list.indexOf(value);
  for (let i = at + 1; i < list.length; i++) list[i - 1] = list[i]!;
  list.pop();
}

/**
 * The segments covering exactly [from, to), in order, adjacent equal ones merged. At each instant: the active
 * override that started last (tie: the larger id); else every schedule active at the highest priority present,
 * in id order; else the default content; else nothing (idle). Throws RangeError for a malformed rule, a priority
 * outside 0..99 or an unknown zone; validate with TimelineRulesSchema first.
 */
export function resolveTimeline(rules: TimelineRules, from: number, to: number): Segment[] {
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new RangeError('from and to must be finite');
  if (!(from < to)) return [];
  const { schedules, overrides, defaultContent } = rules;
  const scheduleCount = schedules.length;

  // Every window clipped to [from, to) as two events, grouped by time (schedules share boundaries: a week of
  // 1,000 has a few hundred distinct ones). slot = 2 × owner + 1 for a start, 2 × owner for an end, where the
  // owners are the schedules, then the overrides. An end at `to` is left out: the sweep stops there.
  const events = new Map<number, number[]>();
  const add = (time: number, slot: number) => {
    const list = events.get(time);
    if (list === undefined) events.set(time, [slot]);
    else list.push(slot);
  };
  const addWindow = (owner: number, start: number, end: number) => {
    add(Math.max(start, from), 2 * owner + 1);
    if (end < to) add(end, 2 * owner);
  };
  for (let owner = 0; owner < scheduleCount; owner++) {
    const rule = schedules[owner]!;
    if (!Number.isInteger(rule.priority) || rule.priority < 0 || rule.priority > SCHEDULE_PRIORITY_MAX) {
      throw new RangeError(`Schedule ${JSON.stringify(rule.id)}: invalid priority`);
    }
    eachOccurrence(rule, rules.timezone, from, to, (start, end) => addWindow(owner, start, end));
  }
  overrides.forEach((override, j) => {
    if (override.startsAt < to && override.expiresAt > from && override.startsAt < override.expiresAt) {
      addWindow(scheduleCount + j, override.startsAt, override.expiresAt);
    }
  });
  const boundaries = Float64Array.from(events.keys()).sort();

  // The active set: windows per owner, schedules per priority (so the top is a scan of at most 100 counters).
  const windowsOf = new Int32Array(scheduleCount + overrides.length);
  const countAt = new Int32Array(SCHEDULE_PRIORITY_MAX + 1);
  const activeAt: number[][] = Array.from({ length: SCHEDULE_PRIORITY_MAX + 1 }, () => []);
  const activeOverrides: number[] = [];
  const scheduleById = (a: number, b: number) => byText(schedules[a]!.id, schedules[b]!.id) || a - b;

  const apply = (slot: number) => {
    const owner = slot >> 1;
    const before = windowsOf[owner]!;
    const after = before + ((slot & 1) === 1 ? 1 : -1);
    windowsOf[owner] = after;
    if ((before === 0) === (after === 0)) return;
    if (owner >= scheduleCount) {
      if (after > 0) activeOverrides.push(owner - scheduleCount);
      else remove(activeOverrides, owner - scheduleCount);
      return;
    }
    const priority = schedules[owner]!.priority;
    const active = activeAt[priority]!;
    if (after > 0) {
      // Kept in play order (by id), so the top group is read as it stands; these lists hold a few entries.
      let at = active.length;
      active.push(owner);
      for (; at > 0 && scheduleById(active[at - 1]!, owner) > 0; at--) active[at] = active[at - 1]!;
      active[at] = owner;
      countAt[priority]!++;
    } else {
      remove(active, owner);
      countAt[priority]!--;
    }
  };

  // What wins over the current stretch, as indexes; a segment is built only when one of these changes.
  let kind: SegmentKind | null = null;
  let winners: number[] = [];
  let overrideCount = 0;
  let beaten = -1;

  /** Works out what wins now; true when it differs from the last stretch. `winners` is never mutated in place. */
  const choose = (): boolean => {
    if (activeOverrides.length > 0) {
      let winner = activeOverrides[0]!;
      for (const candidate of activeOverrides) {
        const a = overrides[candidate]!;
        const b = overrides[winner]!;
        if (a.startsAt > b.startsAt || (a.startsAt === b.startsAt && byText(a.id, b.id) > 0))
          winner = candidate;
      }
      const same = kind === 'override' && winners[0] === winner && overrideCount === activeOverrides.length;
      kind = 'override';
      winners = [winner];
      overrideCount = activeOverrides.length;
      beaten = -1;
      return !same;
    }
    let top = SCHEDULE_PRIORITY_MAX;
    while (top >= 0 && countAt[top] === 0) top--;
    if (top < 0) {
      const idle: SegmentKind = defaultContent === null ? 'idle' : 'default';
      const same = kind === idle;
      kind = idle;
      winners = [];
      beaten = -1;
      return !same;
    }
    const group = activeAt[top]!;
    let next = top - 1;
    while (next >= 0 && countAt[next] === 0) next--;
    const loser = next >= 0 ? activeAt[next]![0]! : -1;
    let same = kind === 'schedule' && beaten === loser && winners.length === group.length;
    for (let i = 0; same && i < group.length; i++) same = group[i] === winners[i];
    if (!same) winners = group.slice();
    kind = 'schedule';
    overrideCount = 0;
    beaten = loser;
    return !same;
  };

  // Built field by field, in one shape: object spreads here cost more than the rest of a segment.
  const segmentOf = (start: number, end: number): Segment => {
    if (kind === 'override') {
      const override = overrides[winners[0]!]!;
      return {
        start,
        end,
        source: { kind: 'override', id: override.id, name: override.name },
        playlistIds: override.playlistId === null ? [] : [override.playlistId],
        message: override.message,
        reason: overrideReason(override.name, overrideCount),
      };
    }
    if (kind === 'schedule') {
      const first = schedules[winners[0]!]!;
      const names: string[] = [];
      // The same content twice in a row would only restart it.
      const playlistIds: string[] = [];
      for (const index of winners) {
        const rule = schedules[index]!;
        names.push(rule.name);
        if (!playlistIds.includes(rule.playlistId)) playlistIds.push(rule.playlistId);
      }
      const loser = beaten < 0 ? null : schedules[beaten]!;
      return {
        start,
        end,
        source: { kind: 'schedule', id: first.id, name: first.name },
        playlistIds,
        message: null,
        reason: scheduleReason(names, first.priority, loser),
      };
    }
    if (kind === 'default' && defaultContent !== null) {
      return {
        start,
        end,
        source: { kind: 'default', id: defaultContent.id, name: defaultContent.name },
        playlistIds: [defaultContent.playlistId],
        message: null,
        reason: DEFAULT_CONTENT_REASON,
      };
    }
    return {
      start,
      end,
      source: { kind: 'idle', id: null, name: null },
      playlistIds: [],
      message: null,
      reason: IDLE_REASON,
    };
  };

  const segments: Segment[] = [];
  let k = 0;
  for (let time = from; time < to;) {
    if (boundaries[k] === time) for (const slot of events.get(boundaries[k++]!)!) apply(slot);
    const end = k < boundaries.length ? boundaries[k]! : to;
    const last = segments[segments.length - 1];
    if (!choose() && last !== undefined) last.end = end;
    else {
      const segment = segmentOf(time, end);
      // Different winners can still read the same (two losers with one name): merge what is equal.
      if (last !== undefined && sameShown(last, segment)) last.end = end;
      else segments.push(segment);
    }
    time = end;
  }
  return segments;
}
