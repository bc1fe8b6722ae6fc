// Plays for the tests of this folder.

import { formatIsoWithOffset, type PlayRecord } from '@marquee/protocol';
import type { PlayerApi } from '../platform/playerApi';

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

/** A player API that answers every call and sends nothing (the content player's plays are read from the recorder). */
export const quietApi: PlayerApi = {
  reportError: () => Promise.resolve(),
  log: () => Promise.resolve(),
  uploadScreenshot: () => Promise.resolve({}),
  sendDeviceRecord: () => Promise.resolve(),
  uploadPlays: () => Promise.resolve({ accepted: 0, duplicates: 0, rejected: [], clockSkewMs: null }),
  signIn: () => Promise.resolve(null),
  playerId: () => Promise.resolve(null),
};
