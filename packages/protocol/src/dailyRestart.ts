// Next daily-restart instant (docs/meeting-room.md §Daily restart, docs/player.md §Settings): the base wall-clock
// time in an IANA time zone plus a random 0 to range-1 minutes. Time-zone arithmetic uses only Intl (zonedTime.ts),
// so this runs in browsers and Node alike. Its rule for a skipped time (moved forward by the gap's length) is its
// own; schedules resolve a skipped time to the end of the gap instead (zonedTime.ts localMsToInstant).

import { DAILY_RESTART_BASE_TIME, DAILY_RESTART_RANDOM_MINUTES } from './constants';
import { intlLocalMs, intlOffsetMs, isValidTimeZone } from './zonedTime';

export { isValidTimeZone };

export class DailyRestartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DailyRestartError';
  }
}

export interface DailyRestartOptions {
  /** IANA time zone, e.g. 'Europe/London'. */
  timezone: string;
  /** '4:00am', '11:30pm', a slot value such as '04:00am', or a 24-hour '16:30'. */
  nextRestartBaseTimeTarget?: string;
  /** The restart is delayed by floor(random() * range) minutes. */
  randomMinutesRange?: number;
}

export interface DailyRestartDeps {
  now: Date | number;
  /** Like Math.random: a number in [0, 1). */
  random: () => number;
}

/** A wall-clock date and time; month is 1–12. */
export interface WallClockTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

// h:mm with an optional am/pm. With am/pm the hour is 0–12, where 0 and 12 both name the twelve o'clock hour
// (the slot values write midnight '00:00am'); without it the hour is 0–23.
const BASE_TIME = /^\s*(\d{1,2}):(\d{2})\s*(?:([ap])m)?\s*$/i;

/** Minutes after midnight named by a base time such as '4:00am'; throws DailyRestartError otherwise. */
export function parseRestartBaseTime(value: unknown): number {
  const match = typeof value === 'string' ? BASE_TIME.exec(value) : null;
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  const half = match?.[3]?.toLowerCase();
  const maxHour = half ? 12 : 23;
  if (!match || hour > maxHour || minute > 59) {
    throw new DailyRestartError(`Invalid restart base time: ${JSON.stringify(value) ?? String(value)}`);
  }
  const hour24 = half ? (hour % 12) + (half === 'p' ? 12 : 0) : hour;
  return hour24 * 60 + minute;
}

/** Throws the DailyRestartError an unknown zone has always raised here. */
function checkTimeZone(timezone: string): void {
  if (!isValidTimeZone(timezone)) {
    throw new DailyRestartError(`Invalid timezone: ${JSON.stringify(timezone) ?? String(timezone)}`);
  }
}

/**
 * The instant (epoch ms) at which the wall clock in `timezone` shows `wall`. A time skipped by a spring-forward
 * change is moved forward by the length of the gap (01:30 in a 01:00→02:00 gap is 02:30); a time repeated by a
 * fall-back change is its first occurrence. Fields overflow like Date.UTC (day 32 is the next month's first).
 */
export function wallClockToInstant(wall: WallClockTime, timezone: string): number {
  checkTimeZone(timezone);
  return instantOfWallMs(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute), timezone);
}

function instantOfWallMs(wallMs: number, timezone: string): number {
  // Zones change offset at most once in any two days, so the offsets a day either side are the only candidates.
  const offsetBefore = intlOffsetMs(wallMs - DAY_MS, timezone);
  const offsetAfter = intlOffsetMs(wallMs + DAY_MS, timezone);
  const matches = [wallMs - offsetBefore, wallMs - offsetAfter].filter(
    (instant) => intlLocalMs(instant, timezone) === wallMs,
  );
  // No match: the wall time falls in a gap; reading it with the earlier offset lands past the gap.
  return matches.length > 0 ? Math.min(...matches) : wallMs - offsetBefore;
}

/**
 * The next restart instant (epoch ms): the base time plus the random delay, on the earliest day whose base time
 * lies strictly after `now`. A window that has already begun is skipped even when its delayed time is still
 * ahead, so a player that restarted (or started) inside today's window is not restarted again in it: every
 * start draws a new delay, and the next one would otherwise land later in the same window. The delay is drawn once
 * per call. Throws DailyRestartError for an invalid time zone, base time, range, clock or random value.
 */
export function nextRestartTime(
  {
    timezone,
    nextRestartBaseTimeTarget = DAILY_RESTART_BASE_TIME,
    randomMinutesRange = DAILY_RESTART_RANDOM_MINUTES,
  }: DailyRestartOptions,
  { now, random }: DailyRestartDeps,
): number {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(nowMs)) throw new DailyRestartError('Invalid current time');
  checkTimeZone(timezone);
  const baseMinutes = parseRestartBaseTime(nextRestartBaseTimeTarget);
  if (!Number.isFinite(randomMinutesRange) || randomMinutesRange < 0) {
    throw new DailyRestartError(`Invalid random minutes range: ${String(randomMinutesRange)}`);
  }
  const draw = random();
  if (!(draw >= 0 && draw < 1))
    throw new DailyRestartError(`random() must return a number in [0, 1), got ${draw}`);
  const minutesAfterMidnight = baseMinutes + Math.floor(draw * randomMinutesRange);

  const today = intlLocalMs(nowMs, timezone);
  const todayMidnight = today - (((today % DAY_MS) + DAY_MS) % DAY_MS);
  for (let day = -1; ; day++) {
    const midnight = todayMidnight + day * DAY_MS;
    if (instantOfWallMs(midnight + baseMinutes * MINUTE_MS, timezone) <= nowMs) continue;
    return instantOfWallMs(midnight + minutesAfterMidnight * MINUTE_MS, timezone);
  }
}
