// The local dates and times schedules are written in: 'YYYY-MM-DD' and 'HH:MM' ('24:00' only as an end). The
// engine works in local days (days since 1970-01-01) and minutes after local midnight.

import { WEEKDAYS, type Weekday } from './rules';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
export const MINUTES_PER_DAY = 24 * 60;

const END_OF_DAY = '24:00';
const ZERO = 48; // '0'
const DASH = 45; // '-'
const COLON = 58; // ':'

/** The number written by `length` ASCII digits of `text` from `at`, or -1. Parsed by hand: it runs per rule. */
function digits(text: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (month 1–12), by the civil-calendar formula. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The local day number (days since 1970-01-01) of 'YYYY-MM-DD', or null when it is not a real date. */
export function parseLocalDate(value: unknown): number | null {
  if (typeof value !== 'string' || value.length !== 10) return null;
  if (value.charCodeAt(4) !== DASH || value.charCodeAt(7) !== DASH) return null;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 2);
  const day = digits(value, 8, 2);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

/** 'YYYY-MM-DD' naming a real calendar date. */
export function isLocalDate(value: unknown): value is string {
  return parseLocalDate(value) !== null;
}

/** Where a local time stands: a start ('00:00'…'23:59') or an end, which may also be '24:00'. */
export type LocalTimeRole = 'from' | 'to';

/** Minutes after local midnight of 'HH:MM' (1440 for an end of '24:00'), or null when it is not one. */
export function parseLocalTime(value: unknown, role: LocalTimeRole = 'from'): number | null {
  if (role === 'to' && value === END_OF_DAY) return MINUTES_PER_DAY;
  if (typeof value !== 'string' || value.length !== 5 || value.charCodeAt(2) !== COLON) return null;
  const hour = digits(value, 0, 2);
  const minute = digits(value, 3, 2);
  return hour < 0 || hour > 23 || minute < 0 || minute > 59 ? null : hour * 60 + minute;
}

/** 'HH:MM' from '00:00' to '23:59'; with role 'to', '24:00' too. */
export function isLocalTime(value: unknown, role: LocalTimeRole = 'from'): value is string {
  return parseLocalTime(value, role) !== null;
}

/** The position in WEEKDAYS (0 = Monday) of a local day number; day 0, 1970-01-01, was a Thursday. */
export function weekdayIndexOf(localDay: number): number {
  return (((localDay + 3) % 7) + 7) % 7;
}

/** The weekday of a local day number. */
export function weekdayOf(localDay: number): Weekday {
  return WEEKDAYS[weekdayIndexOf(localDay)] as Weekday;
}
