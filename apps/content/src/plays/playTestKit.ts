// Plays for the tests of this folder.

import { formatIsoWithOffset, type PlayRecord } from '@marquee/protocol';

let counter = 0;
/** Ids that match PLAY_ID_PATTERN and sort in the order they were made. */
export const testId = (prefix = 'id') => `${prefix}-${String(++counter).padStart(8, '0')}`;

export function playAt(startedAt: number, fields: Partial<PlayRecord> = {}): PlayRecord {
  const timezone = fields.timezone ?? 'Europe/London';
  return {
    playId: testId('play'),
    playlistId: 'playlist-1',
    scheduleId: null,
    overrideId: null,
    itemId: null,
    src: 'http://screen/media/a.png',
    name: 'a.png',
    startedAt,
    localStart: formatIsoWithOffset(startedAt, timezone),
    timezone,
    durationMs: 10_000,
    plannedMs: 10_000,
    outcome: 'completed',
    error: null,
    ...fields,
  };
}
