// Sends the buffer's plays to the server (docs/proof-of-play.md §Upload): every PLAY_UPLOAD_INTERVAL_MS, or
// at once when PLAY_BATCH_MAX_RECORDS wait, whichever comes first; a full batch is followed by the next straight away.
//
// What the answer does to the rows sent:
// - 2xx: all of them are the server's now, stored, already stored (duplicates) or refused for good (a record
//   refused once is refused every time, so it is logged once and not sent again).
// - no answer, a 5xx, or a 4xx that can pass (credentials being rotated, the route not deployed yet, too many
//   requests): kept, and tried again after a back-off that doubles from the upload period up to MAX_BACKOFF_MS.
// - any other 4xx (the envelope refused: 400, 413, 422): sending it again cannot succeed and would block every
//   play behind it, so the batch is dropped and logged.

import {
  PLAY_BATCH_MAX_FOLDED,
  PLAY_BATCH_MAX_RECORDS,
  PLAY_UPLOAD_INTERVAL_MS,
  type Clock,
  type PlayBatch,
  type PlayBatchAnswer,
  type Timers,
} from '@marquee/protocol';
import type { PlayBuffer } from './playBuffer';

/** The longest wait between two tries while the server fails. */
export const MAX_BACKOFF_MS = 15 * 60_000;
/** 4xx answers that do not condemn the batch: it is kept and sent again later. */
const PASSING_STATUSES = new Set([401, 403, 404, 408, 409, 425, 429]);
/** Rejected records named in one log line at most. */
const REJECTED_LOGGED = 10;

export interface PlayUploaderOptions {
  buffer: Pick<PlayBuffer, 'pending' | 'markUploaded' | 'drop' | 'size'>;
  send(batch: PlayBatch): Promise<PlayBatchAnswer>;
  log(level: 'info' | 'warn', message: string, data?: unknown): void;
  clock: Clock;
  timers: Timers;
  intervalMs?: number;
  /** Like Math.random: spreads a fleet's retries after a server outage. */
  random?: () => number;
}

export interface PlayUploader {
  /** A play was added: uploads now if a full batch waits. */
  nudge(): void;
  /** Uploads what waits now (tests). */
  flush(): Promise<void>;
  stop(): void;
}

type Outcome = 'sent' | 'retry' | 'empty';

const statusOf = (error: unknown): number | null => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
};

export function startPlayUploader({
  buffer,
  send,
  log,
  clock,
  timers,
  intervalMs = PLAY_UPLOAD_INTERVAL_MS,
  random = Math.random,
}: PlayUploaderOptions): PlayUploader {
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let failures = 0;
  let stopped = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = null;
      void run();
    }, delay);
  };

  const backoff = () => {
    const base = Math.min(intervalMs * 2 ** (failures - 1), MAX_BACKOFF_MS);
    return Math.round(base * (0.8 + 0.4 * random()));
  };

  async function uploadOnce(): Promise<Outcome> {
    const { plays, folded } = await buffer.pending(PLAY_BATCH_MAX_RECORDS, PLAY_BATCH_MAX_FOLDED);
    if (plays.length === 0 && folded.length === 0) return 'empty';
    const playIds = plays.map((play) => play.playId);
    const foldIds = folded.map((fold) => fold.foldId);
    let answer: PlayBatchAnswer;
    try {
      answer = await send({ sentAt: clock(), plays, ...(folded.length > 0 ? { folded } : {}) });
    } catch (error) {
      const status = statusOf(error);
      if (status !== null && status >= 400 && status < 500 && !PASSING_STATUSES.has(status)) {
        log('warn', `Dropped ${plays.length} plays and ${folded.length} hourly counts the server refused`, {
          status,
          error: String(error),
        });
        await buffer.drop(playIds, foldIds);
        return 'sent';
      }
      if (failures === 0) log('warn', `Plays not uploaded, trying again later: ${String(error)}`);
      return 'retry';
    }
    await buffer.markUploaded(playIds, foldIds);
    const rejected = Array.isArray(answer.rejected) ? answer.rejected : [];
    if (rejected.length > 0) {
      log('warn', `The server refused ${rejected.length} of ${plays.length + folded.length} plays`, {
        rejected: rejected.slice(0, REJECTED_LOGGED),
      });
    }
    return plays.length === PLAY_BATCH_MAX_RECORDS || folded.length === PLAY_BATCH_MAX_FOLDED
      ? 'sent'
      : 'empty';
  }

  async function drain(): Promise<void> {
    for (;;) {
      let outcome: Outcome;
      try {
        outcome = await uploadOnce();
      } catch (error) {
        // The buffer itself failed (storage evicted, quota): the next tick tries again.
        log('warn', `Plays could not be read for upload: ${String(error)}`);
        outcome = 'retry';
      }
      if (stopped) return;
      if (outcome === 'retry') {
        failures += 1;
        schedule(backoff());
        return;
      }
      failures = 0;
      if (outcome === 'empty') {
        schedule(intervalMs);
        return;
      }
    }
  }

  function run(): Promise<void> {
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  schedule(intervalMs);
  return {
    nudge() {
      if (running !== null || failures > 0 || stopped) return;
      if (buffer.size.pendingPlays >= PLAY_BATCH_MAX_RECORDS) void run();
    },
    flush: () => run(),
    stop() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
