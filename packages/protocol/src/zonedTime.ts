// Wall clocks in IANA time zones, with Intl as the only zone database, so this runs in browsers and Node alike.
//
// "Local ms" below is a wall clock read as if it were UTC: Date.UTC of its fields. Two kinds of helpers:
// - intlLocalMs / intlOffsetMs ask Intl on every call (microseconds each); daily restart uses them.
// - the rest go through a cache per zone and per day, so a schedule engine converting thousands of times pays a
//   map lookup and a subtraction for almost every one (docs/schedules.md §Time rules). A local time skipped by a
//   spring-forward change resolves to the end of the gap; a local time repeated by a fall-back change resolves to
//   its first occurrence.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** UTC offsets in use lie within −12 h … +14 h. */
const EARLIEST_OFFSET_MS = -12 * HOUR_MS;
const LATEST_OFFSET_MS = 14 * HOUR_MS;
/** Days kept per zone before its cache starts over (a long-running server walks forward in time). */
const MAX_CACHED_DAYS = 4096;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    const invalid = () => new RangeError(`Invalid timezone: ${JSON.stringify(timezone) ?? String(timezone)}`);
    // An undefined zone would silently mean the runtime's own zone.
    if (typeof timezone !== 'string' || timezone.trim() === '') throw invalid();
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw invalid();
    }
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** True when Intl knows the IANA time zone. */
export function isValidTimeZone(timezone: unknown): boolean {
  try {
    formatterFor(timezone as string);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `instant` in `timezone` as local ms (whole seconds), asked of Intl. Throws RangeError. */
export function intlLocalMs(instant: number, timezone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timezone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const { year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN, second = NaN } = fields;
  return Date.UTC(year, month - 1, day, hour % 24, minute, second);
}

/** Offset of `timezone` from UTC at `instant`, in ms (positive east of Greenwich), asked of Intl. */
export function intlOffsetMs(instant: number, timezone: string): number {
  return intlLocalMs(instant, timezone) - Math.floor(instant / SECOND_MS) * SECOND_MS;
}

/**
 * What one zone does around one UTC day: the offsets before and after the only change (if any) from 14 h before
 * the day to 12 h after it. That span holds every instant of the day and every instant whose wall clock shows the
 * same date, whatever the offset; zones change offset at most once in any such span.
 */
interface DayOffsets {
  before: number;
  after: number;
  /** The first instant with the `after` offset; Infinity when the offset does not change. */
  change: number;
}

/** Conversions in one zone, cached per day. Get one with `zonedClock`. */
export interface ZonedClock {
  readonly timezone: string;
  /** Offset from UTC at `instant`, in ms (positive east of Greenwich). */
  offsetAt(instant: number): number;
  /** The wall clock at `instant`, as local ms. */
  localMsOf(instant: number): number;
  /** The instant the wall clock shows `localMs`: the end of a spring-forward gap, the first of a repeated time. */
  instantOf(localMs: number): number;
}

function createClock(timezone: string): ZonedClock {
  formatterFor(timezone);
  const days = new Map<number, DayOffsets>();

  function offsetsOfDay(day: number): DayOffsets {
    let offsets = days.get(day);
    if (offsets === undefined) {
      const first = day * DAY_MS - LATEST_OFFSET_MS;
      const last = (day + 1) * DAY_MS - EARLIEST_OFFSET_MS;
      const before = intlOffsetMs(first, timezone);
      const after = intlOffsetMs(last, timezone);
      let change = Infinity;
      if (before !== after) {
        // Bisect to the second: offsets only change on whole seconds.
        let low = first;
        let high = last;
        while (high - low > SECOND_MS) {
          const middle = low + Math.floor((high - low) / 2 / SECOND_MS) * SECOND_MS;
          if (intlOffsetMs(middle, timezone) === before) low = middle;
          else high = middle;
        }
        change = high;
      }
      if (days.size >= MAX_CACHED_DAYS) days.clear();
      offsets = { before, after, change };
      days.set(day, offsets);
    }
    return offsets;
  }

  function offsetAt(instant: number): number {
    const { before, after, change } = offsetsOfDay(Math.floor(instant / DAY_MS));
    return instant < change ? before : after;
  }

  return {
    timezone,
    offsetAt,
    localMsOf: (instant) => instant + offsetAt(instant),
    instantOf(localMs) {
      const { before, after, change } = offsetsOfDay(Math.floor(localMs / DAY_MS));
      if (localMs < change + before) return localMs - before;
      // Between the two readings of the change: skipped wall times (after > before) start at the change.
      if (localMs < change + after) return change;
      return localMs - after;
    },
  };
}

const clocks = new Map<string, ZonedClock>();

/** The cached conversions of one zone; throws RangeError for a zone Intl does not know. */
export function zonedClock(timezone: string): ZonedClock {
  let clock = clocks.get(timezone);
  if (clock === undefined) {
    clock = createClock(timezone);
    clocks.set(timezone, clock);
  }
  return clock;
}

/** The wall clock at `instant` as local ms (cached). */
export function localMsOf(instant: number, timezone: string): number {
  return zonedClock(timezone).localMsOf(instant);
}

/**
 * The instant the wall clock in `timezone` shows `localMs` (cached), by the schedule rule: a time inside a
 * spring-forward gap is the end of the gap (02:30 on a 02:00→03:00 day is 03:00), a time repeated by a fall-back
 * change is its first occurrence.
 */
export function localMsToInstant(localMs: number, timezone: string): number {
  return zonedClock(timezone).instantOf(localMs);
}

/** A wall clock; month 1–12, weekday 1 (Monday) … 7 (Sunday) as ISO 8601 numbers them. */
export interface ZonedWallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** The wall clock in `timezone` at `instant`. */
export function wallClockOf(instant: number, timezone: string): ZonedWallClock {
  const local = new Date(localMsOf(instant, timezone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: ((local.getUTCDay() + 6) % 7) + 1,
  };
}

/** The local date in `timezone` at `instant`, as 'YYYY-MM-DD'. */
export function localDateOf(instant: number, timezone: string): string {
  return new Date(localMsOf(instant, timezone)).toISOString().slice(0, 10);
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * `instant` as ISO 8601 in the local time of `timezone` with its offset: '2026-03-29T03:00:00+02:00'. Seconds
 * always, milliseconds only when there are some, '+00:00' rather than 'Z'. Offsets with seconds (local mean time
 * before about 1900) are rounded to the minute and the wall clock shifted with them, so the text names the instant.
 */
export function formatIsoWithOffset(instant: number, timezone: string): string {
  const offsetMinutes = Math.round(zonedClock(timezone).offsetAt(instant) / MINUTE_MS);
  const local = new Date(instant + offsetMinutes * MINUTE_MS).toISOString();
  const wall = local.endsWith('.000Z') ? local.slice(0, -5) : local.slice(0, -1);
  const magnitude = Math.abs(offsetMinutes);
  const sign = offsetMinutes < 0 ? '-' : '+';
  return `${wall}${sign}${pad2(Math.floor(magnitude / 60))}:${pad2(magnitude % 60)}`;
}

/**
 * The instant the local hour holding `instant` began in `timezone`. A fall-back change repeats an hour of the wall
 * clock: its two occurrences are two hours here (01:00+01:00 and 01:00+00:00 in Europe/London), so counts per local
 * hour never merge them. Zones with a half-hour offset begin their hours at :00 of their own wall clock.
 */
export function localHourStart(instant: number, timezone: string): number {
  const local = zonedClock(timezone).localMsOf(instant);
  return instant - (((local % HOUR_MS) + HOUR_MS) % HOUR_MS);
}
