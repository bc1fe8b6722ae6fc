// Calls made during one turn of the event loop, answered together on the next: a reconnecting fleet closes 20,000
// connections in a few turns, and each closing connection's check is then one row of a few queries instead of one
// query of its own (onDisconnect.ts).
//
// While a batch is in flight, the calls of the following turns wait and go together once it is done: one batch in
// flight per function. Each batch is a statement: a round trip, a system call that wakes a PostgreSQL backend (most
// of a node's query work in a reconnect storm is writing statements to PostgreSQL's sockets) and a statement for
// PostgreSQL to plan and run. Sent every turn, a node slowed down by the database sent more of them, smaller; now
// the longer the database takes, the larger the next batch, at the price of waiting for the batch ahead.

/**
 * A function whose calls are queued and handed to `run` together on the next turn (setImmediate: after pending
 * I/O), or, while `run` is still busy with the batch before, once it is done. `run` answers one result per item, in
 * order; when it throws, every call of the batch rejects with it.
 */
export function batchedByTurn<T, R>(run: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let pending: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  /** A batch is being run, or its turn is scheduled: calls queue for the next one. */
  let busy = false;
  const flush = async () => {
    const batch = pending;
    pending = [];
    try {
      const results = await run(batch.map((call) => call.item));
      batch.forEach((call, index) => call.resolve(results[index] as R));
    } catch (error) {
      for (const call of batch) call.reject(error);
    }
    // The calls made meanwhile go on the next turn, with that turn's own.
    if (pending.length > 0) setImmediate(() => void flush());
    else busy = false;
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (busy) return;
      busy = true;
      setImmediate(() => void flush());
    });
}
