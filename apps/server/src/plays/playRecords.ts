// One uploaded record read alone (docs/proof-of-play.md §Ingest rules): its shape (protocol's PlayRecordSchema or
// FoldedPlaysSchema), then what the shape cannot say: a real zone, a local time naming the same instant as its UTC
// time, no play longer than a day or starting too far ahead of the server's clock. The first bad field is named.

import {
  FoldedPlaysSchema,
  PLAY_ID_PATTERN,
  PLAY_MAX_DURATION_MS,
  PLAY_MAX_FUTURE_MS,
  PlayRecordSchema,
  isValidTimeZone,
  type FoldedPlays,
  type PlayRecord,
  type RejectedPlay,
} from '@marquee/protocol';
import { parseLocalTime, type LocalTime } from './localHour';

/** A local time may round its instant to the second at most. */
const LOCAL_TIME_TOLERANCE_MS = 1000;

export interface CheckedPlay {
  record: PlayRecord;
  local: LocalTime;
}

export interface CheckedFold {
  record: FoldedPlays;
  local: LocalTime;
}

type Checked<T> = { ok: true; value: T } | { ok: false; rejection: RejectedPlay };

interface Problem {
  field: string;
  message: string;
}

function readableId(raw: unknown, key: 'playId' | 'foldId'): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const id = (raw as Record<string, unknown>)[key];
  return typeof id === 'string' && PLAY_ID_PATTERN.test(id) ? id : null;
}

function shapeProblem(error: { issues: readonly { path: PropertyKey[]; message: string }[] }): Problem {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  return { field: field === '' ? 'record' : field, message: issue?.message ?? 'is not valid' };
}

function zoneProblem(timezone: string): Problem | null {
  return isValidTimeZone(timezone) ? null : { field: 'timezone', message: 'must be an IANA time zone' };
}

function localProblem(
  local: LocalTime | null,
  instant: number,
  field: string,
  utcField: string,
): Problem | null {
  if (local === null) return { field, message: 'must be a real local time with its UTC offset' };
  if (Math.abs(local.instant - instant) >= LOCAL_TIME_TOLERANCE_MS) {
    return { field, message: `must name the same instant as ${utcField}` };
  }
  return null;
}

function playProblem(record: PlayRecord, local: LocalTime | null, now: number): Problem | null {
  if (record.scheduleId != null && record.overrideId != null) {
    return { field: 'overrideId', message: 'a play comes from a schedule or an override, not both' };
  }
  if (record.durationMs > PLAY_MAX_DURATION_MS) {
    return { field: 'durationMs', message: `must be at most ${PLAY_MAX_DURATION_MS} ms (24 hours)` };
  }
  if (record.startedAt > now + PLAY_MAX_FUTURE_MS) {
    return { field: 'startedAt', message: 'must not be more than 5 minutes ahead of the server clock' };
  }
  return zoneProblem(record.timezone) ?? localProblem(local, record.startedAt, 'localStart', 'startedAt');
}

/** The `index`th play of a batch, checked against the server's clock `now`. */
export function checkPlay(raw: unknown, index: number, now: number): Checked<CheckedPlay> {
  const reject = (problem: Problem): Checked<CheckedPlay> => ({
    ok: false,
    rejection: { list: 'plays', index, id: readableId(raw, 'playId'), ...problem },
  });
  const parsed = PlayRecordSchema.safeParse(raw);
  if (!parsed.success) return reject(shapeProblem(parsed.error));
  const local = parseLocalTime(parsed.data.localStart);
  const problem = playProblem(parsed.data, local, now);
  if (problem !== null || local === null) return reject(problem ?? { field: 'localStart', message: '' });
  return { ok: true, value: { record: parsed.data, local } };
}

/** The `index`th folded count of a batch. */
export function checkFold(raw: unknown, index: number, now: number): Checked<CheckedFold> {
  const reject = (problem: Problem): Checked<CheckedFold> => ({
    ok: false,
    rejection: { list: 'folded', index, id: readableId(raw, 'foldId'), ...problem },
  });
  const parsed = FoldedPlaysSchema.safeParse(raw);
  if (!parsed.success) return reject(shapeProblem(parsed.error));
  const record = parsed.data;
  const local = parseLocalTime(record.localHour);
  const problem =
    zoneProblem(record.timezone) ??
    localProblem(local, record.hourStart, 'localHour', 'hourStart') ??
    (local?.onTheHour === false ? { field: 'localHour', message: 'must be the start of an hour' } : null) ??
    (record.hourStart > now + PLAY_MAX_FUTURE_MS
      ? { field: 'hourStart', message: 'must not be more than 5 minutes ahead of the server clock' }
      : null) ??
    (record.durationMs > record.count * PLAY_MAX_DURATION_MS
      ? { field: 'durationMs', message: 'must be at most 24 hours per play' }
      : null);
  if (problem !== null || local === null) return reject(problem ?? { field: 'localHour', message: '' });
  return { ok: true, value: { record, local } };
}
