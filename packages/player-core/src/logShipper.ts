// Ships log lines to the logging service (POST /logs/lines) in batches: warnings and errors by default, bounded
// in memory (the oldest lines go first when the server is away), at most 100 lines a batch as the server takes.
// Each batch names the player's service, which the studio shows beside each line, so messages carry no prefix.
// A failed batch is kept for the next attempt; the shipper's own failures are never shipped (no feedback loop).

import type { LogLine } from './logger';
import { defaultTimers, type Timers } from './timers';

export const LOG_LINES_PATH = '/logs/lines';
export const LOG_BATCH_MAX_LINES = 100;
export const LOG_BUFFER_MAX_LINES = 500;
export const LOG_SHIP_INTERVAL_MS = 30_000;
const MESSAGE_MAX_LENGTH = 4096;

/** The body of POST /logs/lines. */
export interface LogBatch {
  /** The sending service, e.g. 'marquee-player' or 'meet-player': a lower-case letter, then up to 39 of a-z0-9-. */
  service: string;
  lines: LogLine[];
}

export interface LogShipperOptions {
  /** The service every shipped line comes from. */
  service: string;
  send: (batch: LogBatch) => Promise<unknown>;
  /** Levels shipped; default warnings and errors. */
  levels?: readonly LogLine['level'][];
  timers?: Timers;
}

export interface LogShipper {
  /** The logger sink. */
  sink(line: LogLine): void;
  flush(): Promise<void>;
  stop(): void;
}

const DATA_MAX_CHARS = 4096;

/** The line's data as plain JSON, or undefined when it has none or too much. */
function jsonOf(data: unknown): unknown {
  if (data === undefined) return undefined;
  try {
    const text = JSON.stringify(data);
    return text !== undefined && text.length <= DATA_MAX_CHARS ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function createLogShipper({
  service,
  send,
  levels = ['error', 'warn'],
  timers = defaultTimers,
}: LogShipperOptions): LogShipper {
  let buffer: LogLine[] = [];
  let sending = false;
  const flush = async () => {
    if (sending || buffer.length === 0) return;
    sending = true;
    const batch = buffer.slice(0, LOG_BATCH_MAX_LINES);
    try {
      await send({ service, lines: batch });
      buffer = buffer.slice(batch.length);
    } catch (error) {
      // A refused batch (4xx) would be refused again: dropped. Anything else is kept for the next attempt.
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500) buffer = buffer.slice(batch.length);
    } finally {
      sending = false;
    }
  };
  const interval = timers.setInterval(() => void flush(), LOG_SHIP_INTERVAL_MS);
  return {
    sink(line) {
      if (!levels.includes(line.level) || sending) return;
      if (line.message.includes(LOG_LINES_PATH)) return; // the shipper's own failure
      const shipped: LogLine = {
        level: line.level,
        message: line.message.slice(0, MESSAGE_MAX_LENGTH) || '(empty)',
        time: line.time,
      };
      const data = jsonOf(line.data);
      if (data !== undefined) shipped.data = data;
      buffer.push(shipped);
      if (buffer.length > LOG_BUFFER_MAX_LINES) buffer = buffer.slice(-LOG_BUFFER_MAX_LINES);
    },
    flush,
    stop: () => timers.clearInterval(interval),
  };
}
