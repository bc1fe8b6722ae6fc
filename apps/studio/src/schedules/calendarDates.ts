// Dates and times of day as the schedules page handles them: local dates 'YYYY-MM-DD' and times 'HH:MM' as in
// the API (docs/schedules.md), counted in "local ms", the wall clock read as if it were UTC, so that date
// arithmetic needs no zone.

import { localDateOf } from '@marquee/protocol';
import { DAY_MS, DAYS } from '../constants';
import type { DayName } from '../api/types';

const MINUTE_MS = 60_000;

/** The local ms of a date's midnight. */
export const midnightOf = (date: string): number => Date.parse(`${date}T00:00:00Z`);

export const dateOfLocalMs = (localMs: number): string => new Date(localMs).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string =>
  dateOfLocalMs(midnightOf(date) + days * DAY_MS);

/** The weekday of a date, as the API names it. */
export function dayNameOf(date: string): DayName {
  return DAYS[(new Date(midnightOf(date)).getUTCDay() + 6) % 7] as DayName;
}

/** The Monday of the week a date is in. */
export const mondayOf = (date: string): string => addDays(date, -DAYS.indexOf(dayNameOf(date)));

/** Today's date in a zone. */
export const todayIn = (zone: string, now: number): string => localDateOf(now, zone);

/** Minutes since midnight of 'HH:MM'. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** 'HH:MM' of minutes since midnight (1440 and beyond wrap to the next day's). */
export function timeOf(minutes: number): string {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

export { MINUTE_MS };
