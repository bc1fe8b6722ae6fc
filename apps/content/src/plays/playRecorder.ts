// Records one play per item shown (docs/proof-of-play.md §Recording): begun when the item comes on screen
// and kept in the buffer as the open play, finished when it leaves. An item that could not show is a play with
// outcome 'error'. The play a page left open when it died is closed as 'interrupted' by the next page, before it
// records anything else.
//
// Calls are synchronous, so the order of plays is the order of what happened on screen; the writes behind them are
// chained, the first of them the buffer's opening.

import {
  PLAY_ERROR_MAX_LENGTH,
  PLAY_MAX_DURATION_MS,
  PLAY_NAME_MAX_LENGTH,
  formatIsoWithOffset,
  type Clock,
  type PlayOutcome,
  type PlayRecord,
} from '@marquee/protocol';
import type { PlayBuffer } from './playBuffer';

/** A play shown this close to its planned time is complete (timers and rendering are a few ms late or early). */
export const COMPLETION_TOLERANCE_MS = 500;

/** What is on screen, as the recorder needs it. */
export interface PlayContext {
  src: string;
  name: string | null;
  playlistId: string | null;
  scheduleId: string | null;
  overrideId: string | null;
  itemId: string | null;
  /** How long it is meant to show; null when nothing says (an override's message). */
  plannedMs: number | null;
  /** The screen's IANA zone. */
  timezone: string;
}

export interface PlayRecorderOptions {
  buffer: Promise<Pick<PlayBuffer, 'add' | 'setOpen' | 'takeOpen'>>;
  wall: Clock;
  /** For durations: it never jumps when the wall clock is set. */
  monotonic: Clock;
  newId(): string;
  /** A play was stored (the uploader checks whether a full batch waits). */
  onRecorded?(): void;
  onError(error: unknown): void;
}

interface OpenPlay {
  record: PlayRecord;
  startedMono: number;
}

const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));
const bounded = (ms: number) => Math.min(Math.max(0, Math.round(ms)), PLAY_MAX_DURATION_MS);

export class PlayRecorder {
  private open: OpenPlay | null = null;
  private writes: Promise<Pick<PlayBuffer, 'add' | 'setOpen' | 'takeOpen'> | null>;

  constructor(private readonly options: PlayRecorderOptions) {
    this.writes = options.buffer.then(
      async (buffer) => {
        await this.recover(buffer);
        return buffer;
      },
      (error: unknown) => {
        options.onError(error);
        return null;
      },
    );
  }

  /** `context` comes on screen; whatever was open is finished first. */
  begin(context: PlayContext): void {
    this.finish();
    const record = this.recordOf(context, this.options.wall());
    this.open = { record, startedMono: this.options.monotonic() };
    this.write((buffer) => buffer.setOpen(record));
  }

  /**
   * What is on screen leaves it: complete when it showed its planned time, else interrupted. With no planned time
   * (an override's message, shown until its window ends) nothing was cut short: complete.
   */
  finish(): void {
    const open = this.open;
    if (open === null) return;
    const durationMs = bounded(this.options.monotonic() - open.startedMono);
    const { plannedMs } = open.record;
    const complete = plannedMs == null || durationMs >= plannedMs - COMPLETION_TOLERANCE_MS;
    this.close(complete ? 'completed' : 'interrupted', null);
  }

  /** What is on screen could not show: an 'error' play, and the caller moves on. */
  failOpen(reason: string): void {
    if (this.open !== null) this.close('error', reason);
  }

  /** An item failed before it came on screen (while preloading): an 'error' play of no time. */
  failed(context: PlayContext, reason: string): void {
    const record = {
      ...this.recordOf(context, this.options.wall()),
      outcome: 'error' as const,
      error: clip(reason, PLAY_ERROR_MAX_LENGTH),
    };
    this.write((buffer) => buffer.add(record), true);
  }

  /** Resolves when every write so far is done (tests). */
  async settled(): Promise<void> {
    await this.writes;
  }

  private close(outcome: PlayOutcome, reason: string | null): void {
    const open = this.open!;
    this.open = null;
    const record: PlayRecord = {
      ...open.record,
      durationMs: bounded(this.options.monotonic() - open.startedMono),
      outcome,
      error: clip(reason, PLAY_ERROR_MAX_LENGTH),
    };
    this.write((buffer) => buffer.add(record), true);
  }

  /** The play a previous page left open: it showed at most its planned time (when it stopped is not known). */
  private async recover(buffer: Pick<PlayBuffer, 'add' | 'takeOpen'>): Promise<void> {
    const left = await buffer.takeOpen();
    if (left === null) return;
    const elapsed = bounded(this.options.wall() - left.startedAt);
    await buffer.add({
      ...left,
      durationMs: left.plannedMs == null ? 0 : Math.min(elapsed, left.plannedMs),
      outcome: 'interrupted',
    });
    this.options.onRecorded?.();
  }

  private recordOf(context: PlayContext, startedAt: number): PlayRecord {
    let { timezone } = context;
    let localStart: string;
    try {
      localStart = formatIsoWithOffset(startedAt, timezone);
    } catch {
      timezone = 'UTC';
      localStart = formatIsoWithOffset(startedAt, timezone);
    }
    return {
      playId: this.options.newId(),
      playlistId: context.playlistId,
      scheduleId: context.scheduleId,
      overrideId: context.overrideId,
      itemId: context.itemId,
      src: context.src,
      name: clip(context.name, PLAY_NAME_MAX_LENGTH),
      startedAt,
      localStart,
      timezone,
      durationMs: 0,
      plannedMs: context.plannedMs,
      outcome: 'interrupted',
      error: null,
    };
  }

  private write(
    step: (buffer: Pick<PlayBuffer, 'add' | 'setOpen'>) => Promise<void>,
    recorded = false,
  ): void {
    this.writes = this.writes.then(async (buffer) => {
      if (buffer === null) return null;
      try {
        await step(buffer);
        if (recorded) this.options.onRecorded?.();
      } catch (error) {
        this.options.onError(error);
      }
      return buffer;
    });
  }
}
