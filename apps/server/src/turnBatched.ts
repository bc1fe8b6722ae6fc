// Calls made during one turn of the event loop, answered together on the next: a reconnecting fleet closes 20,000
// connections in a few turns, and each closing connection's check is then one row of a few queries instead of one
// query of its own (onDisconnect.ts).
//
// A steady stream of calls is another matter: a fleet connecting to a node brings one or two connections a turn, so
// a batch per turn is still a statement for about every connection. With `spacingMs`, batches start at least that
// long apart: under such a stream each gathers the calls of the interval, while a call after a quiet moment still
// goes at the next turn (a single screen connecting waits for nothing).

export interface TurnBatchOptions {
  /** Least time between the starts of two batches (default 0: a batch every turn with calls). */
  spacingMs?: number;
  /** Monotonic milliseconds (default performance.now). */
  now?: () => number;
  /** Runs `task` after `ms` (0: at the next turn, after pending I/O); injectable for tests. */
  later?: (ms: number, task: () => void) => void;
}

const defaultLater = (ms: number, task: () => void) => {
  if (ms <= 0) setImmediate(task);
  else setTimeout(task, ms);
};

/**
 * A function whose calls are queued and handed to `run` together on the next turn (setImmediate: after pending
 * I/O), or once `spacingMs` have passed since the last batch started. `run` answers one result per item, in order;
 * when it throws, every call of the batch rejects with it.
 */
export function batchedByTurn<T, R>(
  run: (items: T[]) => Promise<R[]>,
  options: TurnBatchOptions = {},
): (item: T) => Promise<R> {
  const spacingMs = options.spacingMs ?? 0;
  const now = options.now ?? (() => performance.now());
  const later = options.later ?? defaultLater;
  let lastStart = -Infinity;
  let pending: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    lastStart = now();
    try {
      const results = await run(batch.map((call) => call.item));
      batch.forEach((call, index) => call.resolve(results[index] as R));
    } catch (error) {
      for (const call of batch) call.reject(error);
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (pending.length === 1)
        later(spacingMs === 0 ? 0 : lastStart + spacingMs - now(), () => void flush());
    });
}
