// Reading a local time with its offset (protocol's LOCAL_START_PATTERN) without asking Intl: the device's offset is
// what the screen showed, so a play in the repeated autumn hour keeps which of the two hours it was. The hour it
// falls in is the wall clock's hour with that same offset.

import { LOCAL_START_PATTERN } from '@marquee/protocol';

const PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?(Z|([+-])(\d{2}):(\d{2}))$/;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface LocalTime {
  /** The instant it names. */
  instant: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** The start of its local hour, as an instant. */
  hourStart: number;
  /** That hour with its offset: '2026-10-25T01:00+01:00' ('Z' is written '+00:00'). */
  hourLabel: string;
  /** Minutes, seconds and milliseconds past the hour are all zero. */
  onTheHour: boolean;
}

/** The parts of a local time with its offset; null when the text is not one or names no real date. */
export function parseLocalTime(text: string): LocalTime | null {
  if (!LOCAL_START_PATTERN.test(text)) return null;
  const match = PARTS.exec(text);
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = match[7] === undefined ? 0 : Number(match[7].padEnd(3, '0'));
  const offsetHours = match[8] === 'Z' ? 0 : Number(match[10]);
  const offsetMinutes = match[8] === 'Z' ? 0 : Number(match[11]);
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 18 || offsetMinutes > 59) return null;
  const hourWall = Date.UTC(year, month - 1, day, hour);
  const check = new Date(hourWall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  const sign = match[9] === '-' ? -1 : 1;
  const offsetMs = sign * (offsetHours * HOUR_MS + offsetMinutes * MINUTE_MS);
  const offsetText = match[8] === 'Z' ? '+00:00' : match[8];
  const date = text.slice(0, 10);
  const hourStart = hourWall - offsetMs;
  const pastHour = minute * MINUTE_MS + second * 1000 + millis;
  return {
    instant: hourStart + pastHour,
    date,
    hourStart,
    hourLabel: `${date}T${text.slice(11, 13)}:00${offsetText}`,
    onTheHour: pastHour === 0,
  };
}
