// Calls made during one turn of the event loop, answered together on the next: a reconnecting fleet closes 20,000
// connections in a few turns, and each closing connection's check is then one row of a few queries instead of one
// query of its own (onDisconnect.ts).
//
// While a batch is in flight, the calls of the following turns wait and go together once it is done: one batch in
// flight per function. Each batch is a statement: a round trip, a system call that wakes a PostgreSQL backend (most
// of a node's query work in a reconnect storm is writing statements to PostgreSQL's sockets) and a statement for
// PostgreSQL to plan and run. Sent every turn, a node slowed down by the database sent more of them, smaller; now
// the longer the database takes, the larger the next batch, at the price of waiting for the batch ahead.
//
// With `gatherMs`, a batch also waits until that long after the batch before it went out: one statement at most per
// `gatherMs` for each function, however quickly the database answers. Under a fleet's reconnection every turn brings
// a few calls and PostgreSQL answers each statement in a millisecond or two, so batches went out nearly every turn
// with two or three calls each; the node's cost of a statement (mostly the system call that writes it) is about the
// same for one call as for twenty. A call after a quiet spell goes at the next turn, as without it.

export interface TurnBatchOptions {
  /** The least time between two batches going out (0: none, a batch every turn). */
  gatherMs?: number;
}

/**
 * A function whose calls are queued and handed to `run` together on the next turn (setImmediate: after pending
 * I/O), or, while `run` is still busy with the batch before, once it is done, and not before `gatherMs` after the
 * batch before went out. `run` answers one result per item, in order; when it throws, every call of the batch rejects
 * with it.
 */
export function batchedByTurn<T, R>(
  run: (items: T[]) => Promise<R[]>,
  options: TurnBatchOptions = {},
): (item: T) => Promise<R> {
  const gatherMs = options.gatherMs ?? 0;
  let pending: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  /** A batch is being run, or its turn is scheduled: calls queue for the next one. */
  let busy = false;
  /** When the last batch went out. */
  let sentAt = -Infinity;
  const flush = async () => {
    const batch = pending;
    pending = [];
    sentAt = performance.now();
    try {
      const results = await run(batch.map((call) => call.item));
      batch.forEach((call, index) => call.resolve(results[index] as R));
    } catch (error) {
      for (const call of batch) call.reject(error);
    }
    // The calls made meanwhile go on the next turn, with that turn's own (or once gatherMs is over).
    if (pending.length > 0) schedule();
    else busy = false;
  };
  const schedule = () => {
    const wait = sentAt + gatherMs - performance.now();
    if (wait > 0) setTimeout(() => void flush(), wait);
    else setImmediate(() => void flush());
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (busy) return;
      busy = true;
      schedule();
    });
}
