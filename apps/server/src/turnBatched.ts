// Calls made during one turn of the event loop, answered together on the next: a reconnecting fleet closes 20,000
// connections in a few turns, and each closing connection's check is then one row of a few queries instead of one
// query of its own (onDisconnect.ts).

/**
 * A function whose calls are queued and handed to `run` together on the next turn (setImmediate: after pending
 * I/O). `run` answers one result per item, in order; when it throws, every call of the batch rejects with it.
 */
export function batchedByTurn<T, R>(run: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let pending: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
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
      if (pending.length === 1) setImmediate(() => void flush());
    });
}
