// Plays as CSV rows (RFC 4180): a header, then one line per play with its UTC and local times. Text a spreadsheet
// would run as a formula (=, +, -, @ first) is prefixed with an apostrophe: a play's name or error comes from a
// device and must not become a formula on an operator's machine. A value of only letters, digits, '_' and '-' (an
// id such as a random play id that happens to start with '-') cannot call a function or link anywhere, and is left
// as it is so that it matches the same id in the JSON API.

import type { PlayView } from '@marquee/management-api';

export const PLAY_CSV_COLUMNS = [
  'play_id',
  'screen_id',
  'screen_name',
  'playlist_id',
  'schedule_id',
  'override_id',
  'item_id',
  'name',
  'src',
  'started_at_utc',
  'local_start',
  'timezone',
  'duration_ms',
  'planned_ms',
  'outcome',
  'error',
  'received_at_utc',
  'clock_skew',
] as const;

const ID_TEXT = /^[A-Za-z0-9_-]+$/;

function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) && !ID_TEXT.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const playCsvHeader = (): string => `${PLAY_CSV_COLUMNS.join(',')}\r\n`;

export function playCsvLine(play: PlayView, screenName: string | null): string {
  return `${[
    play.playId,
    play.screenId,
    screenName,
    play.playlistId,
    play.scheduleId,
    play.overrideId,
    play.itemId,
    play.name,
    play.src,
    play.startedAt,
    play.localStart,
    play.timezone,
    play.durationMs,
    play.plannedMs,
    play.outcome,
    play.error,
    play.receivedAt,
    play.clockSkew,
  ]
    .map(cell)
    .join(',')}\r\n`;
}
