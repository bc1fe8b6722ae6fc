// Calls made during one turn of the event loop, answered together on the next: a reconnecting fleet closes 20,000
// connections in a few turns, and each closing connection's check is then one row of a few queries instead of one
// query of its own (onDisconnect.ts).
//
// With `maxInFlight`, at most that many batches run at once: the calls made meanwhile wait and go together when one
// ends. On a busy node a turn is short and holds a call or two, so batching by turn alone still made a statement for
// about every second connection; bounded, a batch holds what arrived during the statement before it (the busier the
// database, the larger the batch), and a quiet node still runs each call at the next turn.

export interface BatchedByTurnOptions {
  /** Batches running at once (default: no bound, one per turn). */
  maxInFlight?: number;
}

/**
 * A function whose calls are queued and handed to `run` together on the next turn (setImmediate: after pending
 * I/O). `run` answers one result per item, in order; when it throws, every call of the batch rejects with it.
 */
export function batchedByTurn<T, R>(
  run: (items: T[]) => Promise<R[]>,
  options: BatchedByTurnOptions = {},
): (item: T) => Promise<R> {
  const maxInFlight = options.maxInFlight ?? Infinity;
  let pending: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;
  let scheduled = false;
  const schedule = () => {
    if (scheduled || pending.length === 0 || running >= maxInFlight) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  };
  const flush = async () => {
    const batch = pending;
    pending = [];
    running++;
    try {
      const results = await run(batch.map((call) => call.item));
      batch.forEach((call, index) => call.resolve(results[index] as R));
    } catch (error) {
      for (const call of batch) call.reject(error);
    } finally {
      running--;
      schedule();
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      schedule();
    });
}
