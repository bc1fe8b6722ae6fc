// Daily-restart options of the meeting variant (docs/meeting-room.md §Daily restart): the time zone, the base time
// (default '4:00am') and the random delay range in minutes (default 60). dailyRestart.ts computes the restart from
// them.

import * as z from 'zod/mini';
import { DAILY_RESTART_BASE_TIME, DAILY_RESTART_RANDOM_MINUTES } from './constants';

/** 'h:mm' with am/pm (hour 0–12, e.g. '4:00am', '04:00am', '11:30pm') or on the 24-hour clock ('16:30'). */
export const RESTART_BASE_TIME_PATTERN = /^(?:(?:0?\d|1[0-2]):[0-5]\d[ap]m|(?:[01]?\d|2[0-3]):[0-5]\d)$/i;

/** IANA zone names: 'UTC', 'Europe/London', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'. */
const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

const MINUTES_PER_DAY = 24 * 60;

export const DailyRestartOptionsSchema = z.object({
  timezone: z.string().check(z.regex(TIME_ZONE_PATTERN)),
  nextRestartBaseTimeTarget: z._default(
    z.string().check(z.regex(RESTART_BASE_TIME_PATTERN)),
    DAILY_RESTART_BASE_TIME,
  ),
  randomMinutesRange: z._default(
    z.int().check(z.nonnegative(), z.maximum(MINUTES_PER_DAY)),
    DAILY_RESTART_RANDOM_MINUTES,
  ),
});
/** Parsed options, defaults applied (dailyRestart.ts's DailyRestartOptions is the looser input it accepts). */
export type ParsedDailyRestartOptions = z.infer<typeof DailyRestartOptionsSchema>;
