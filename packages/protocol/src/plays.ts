// Proof of play: what the content player records for each item it shows, and the batch it uploads to
// POST /_internal/players/{id}/plays (docs/proof-of-play.md). The batch is read record by record: a bad record is
// named in the answer and the good ones are stored, so a batch's envelope is checked strictly and its records
// liberally (each against PlayRecordSchema on the server).

import * as z from 'zod/mini';
import { ID_MAX_LENGTH, URL_MAX_LENGTH, boundedString, nonEmptyString } from './schemaText';

export const PLAY_OUTCOMES = ['completed', 'interrupted', 'skipped', 'error'] as const;
export type PlayOutcome = (typeof PLAY_OUTCOMES)[number];

/** Most records in one upload: the player sends every 60 s or at this many, whichever comes first. */
export const PLAY_BATCH_MAX_RECORDS = 500;
/** Most hourly counts (rows folded on a full device buffer) in one upload. */
export const PLAY_BATCH_MAX_FOLDED = 500;
/** The player's upload period. */
export const PLAY_UPLOAD_INTERVAL_MS = 60_000;
/** A play longer than this is refused (an item never shows for a day in one go). */
export const PLAY_MAX_DURATION_MS = 24 * 60 * 60 * 1000;
/** A play starting further than this ahead of the server's clock is refused. */
export const PLAY_MAX_FUTURE_MS = 5 * 60 * 1000;
/** A play id: made on the device, unique per screen (a random id). */
export const PLAY_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** A local start: the wall clock with the screen's UTC offset, e.g. 2026-10-25T01:30:00.000+01:00. */
export const LOCAL_START_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;
/** Longest error text kept with a play of outcome 'error'. */
export const PLAY_ERROR_MAX_LENGTH = 500;
/** Longest item name snapshot sent by a player. */
export const PLAY_NAME_MAX_LENGTH = 200;

const millis = z.int().check(z.nonnegative());
const optionalId = z.optional(z.nullable(nonEmptyString(ID_MAX_LENGTH)));

export const PlayRecordSchema = z.object({
  playId: z.string().check(z.regex(PLAY_ID_PATTERN, 'must be 8 to 64 letters, digits, "_" or "-"')),
  /** The playlist the item came from; absent for an override's message or the screen's idle content. */
  playlistId: optionalId,
  /** The schedule whose window showed it, or the override that did (at most one of the two). */
  scheduleId: optionalId,
  overrideId: optionalId,
  /** The item's id in its playlist, when it has one. */
  itemId: optionalId,
  /** What was shown: the media or page URL (or 'message:' for an override's message). */
  src: nonEmptyString(URL_MAX_LENGTH),
  /** The item's name as the player knew it (the server snapshots the library's name too). */
  name: z.optional(z.nullable(boundedString(PLAY_NAME_MAX_LENGTH))),
  /** When it started showing, UTC milliseconds since the epoch. */
  startedAt: millis,
  /** The same instant as the screen's wall clock with its offset (LOCAL_START_PATTERN). */
  localStart: z.string().check(z.regex(LOCAL_START_PATTERN, 'must be a local time with its UTC offset')),
  /** The screen's IANA zone at the time. */
  timezone: nonEmptyString(64),
  /** How long it showed. */
  durationMs: millis,
  /** How long it was meant to show; null for a video played to its end with no set duration. */
  plannedMs: z.optional(z.nullable(millis)),
  outcome: z.enum(PLAY_OUTCOMES),
  /** Why it could not show (outcome 'error'). */
  error: z.optional(z.nullable(boundedString(PLAY_ERROR_MAX_LENGTH))),
});
export type PlayRecord = z.infer<typeof PlayRecordSchema>;

/**
 * Plays a full device buffer folded into a count rather than lose them (docs/proof-of-play.md §Buffer): one per
 * item and local hour of the screen.
 */
export const FoldedPlaysSchema = z.object({
  /** The start of the local hour, as a local time with its offset (LOCAL_START_PATTERN; minutes and seconds 0). */
  localHour: z.string().check(z.regex(LOCAL_START_PATTERN, 'must be a local time with its UTC offset')),
  /** The same instant in UTC milliseconds. */
  hourStart: millis,
  timezone: nonEmptyString(64),
  playlistId: optionalId,
  itemId: optionalId,
  src: nonEmptyString(URL_MAX_LENGTH),
  name: z.optional(z.nullable(boundedString(PLAY_NAME_MAX_LENGTH))),
  /** How many plays were folded, and their total time. */
  count: z.int().check(z.positive()),
  durationMs: millis,
  /** Unique per screen, like a play id: a fold sent twice is counted once. */
  foldId: z.string().check(z.regex(PLAY_ID_PATTERN, 'must be 8 to 64 letters, digits, "_" or "-"')),
});
export type FoldedPlays = z.infer<typeof FoldedPlaysSchema>;

/** The upload's envelope; its records are checked one by one (PlayRecordSchema, FoldedPlaysSchema). */
export const PlayBatchSchema = z.object({
  /** The device's clock when it sent the batch: the server compares it with its own to flag clock skew. */
  sentAt: millis,
  plays: z.array(z.unknown()).check(z.maxLength(PLAY_BATCH_MAX_RECORDS)),
  folded: z.optional(z.array(z.unknown()).check(z.maxLength(PLAY_BATCH_MAX_FOLDED))),
});
export type PlayBatch = z.infer<typeof PlayBatchSchema>;

export interface RejectedPlay {
  /** 'plays' or 'folded', and the record's index in that list. */
  list: 'plays' | 'folded';
  index: number;
  /** The record's playId or foldId when it had a readable one. */
  id: string | null;
  /** The first bad field, e.g. 'durationMs'. */
  field: string;
  message: string;
}

export interface PlayBatchAnswer {
  /** Records stored by this call. */
  accepted: number;
  /** Records already stored by an earlier call (a batch sent twice): acknowledged, not stored again. */
  duplicates: number;
  rejected: RejectedPlay[];
  /** The device clock minus the server's when over the skew threshold, else null. */
  clockSkewMs: number | null;
}
