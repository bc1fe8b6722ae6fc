// When one schedule runs (docs/schedules.md §Time rules). Every occurrence is computed from its own local date and
// local times in the schedule's zone, never as the previous one plus 24 hours, so 09:00 stays 09:00 across a clock
// change, and a window on a change day is as long as the wall clock says.

import { zonedClock } from '@marquee/protocol';
import {
  DAY_MS,
  MINUTE_MS,
  MINUTES_PER_DAY,
  parseLocalDate,
  parseLocalTime,
  weekdayIndexOf,
} from './localDateTime';
import { WEEKDAYS, type ScheduleRule } from './rules';

/** A half-open window [start, end) in epoch ms. */
export interface Occurrence {
  start: number;
  end: number;
}

/** A schedule's times, parsed once per call. */
interface ParsedTimes {
  firstDay: number;
  lastDay: number;
  startMinute: number;
  endMinute: number;
  /** 1 when the window ends on the day after it starts (overnight, or a whole day from 00:00). */
  endDayOffset: number;
  /** Bit i set: an occurrence may start on WEEKDAYS[i]. */
  dayMask: number;
}

const ALL_DAYS = (1 << WEEKDAYS.length) - 1;

function invalid(rule: ScheduleRule, field: string): RangeError {
  return new RangeError(`Schedule ${JSON.stringify(rule.id)}: invalid ${field}`);
}

function parseTimes(rule: ScheduleRule): ParsedTimes {
  const firstDay = parseLocalDate(rule.startsOn);
  const lastDay = rule.endsOn === null ? Infinity : parseLocalDate(rule.endsOn);
  const startMinute = rule.from === null ? 0 : parseLocalTime(rule.from);
  const endMinute = rule.to === null ? MINUTES_PER_DAY : parseLocalTime(rule.to, 'to');
  if (firstDay === null) throw invalid(rule, 'startsOn');
  if (lastDay === null) throw invalid(rule, 'endsOn');
  if (startMinute === null) throw invalid(rule, 'from');
  if (endMinute === null) throw invalid(rule, 'to');
  let dayMask = rule.days === null ? ALL_DAYS : 0;
  for (const day of rule.days ?? []) {
    const index = WEEKDAYS.indexOf(day);
    if (index < 0) throw invalid(rule, 'days');
    dayMask |= 1 << index;
  }
  return {
    firstDay,
    lastDay,
    startMinute,
    endMinute,
    endDayOffset: endMinute <= startMinute ? 1 : 0,
    dayMask,
  };
}

/**
 * The windows of `rule` that overlap [from, to), in order, each whole (not clipped to the range). A start or end
 * inside a spring-forward gap is the end of the gap, one in a repeated hour its first pass; a window the gap
 * swallows entirely (zero length) is left out. Throws RangeError for a malformed rule or an unknown zone.
 */
export function occurrences(rule: ScheduleRule, screenZone: string, from: number, to: number): Occurrence[] {
  const found: Occurrence[] = [];
  eachOccurrence(rule, screenZone, from, to, (start, end) => found.push({ start, end }));
  return found;
}

/** occurrences() without the objects, for the resolver's hot loop. */
export function eachOccurrence(
  rule: ScheduleRule,
  screenZone: string,
  from: number,
  to: number,
  visit: (start: number, end: number) => void,
): void {
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new RangeError('from and to must be finite');
  const times = parseTimes(rule);
  const clock = zonedClock(rule.timezone ?? screenZone);
  if (!(from < to)) return;
  // An occurrence ends at most two local days after the midnight it starts from; one more day either side covers
  // the wall clock running backwards in a repeated hour.
  const firstDay = Math.max(times.firstDay, Math.floor(clock.localMsOf(from) / DAY_MS) - 3);
  const lastDay = Math.min(times.lastDay, Math.floor(clock.localMsOf(to) / DAY_MS) + 1);
  for (let day = firstDay; day <= lastDay; day++) {
    if ((times.dayMask & (1 << weekdayIndexOf(day))) === 0) continue;
    const midnight = day * DAY_MS;
    const start = clock.instantOf(midnight + times.startMinute * MINUTE_MS);
    const end = clock.instantOf(midnight + times.endDayOffset * DAY_MS + times.endMinute * MINUTE_MS);
    if (end > start && end > from && start < to) visit(start, end);
  }
}
