// Work over thousands of screens or writes is done in slices: between two, the event loop gets a turn (sockets
// read, timers fire), so no player on the node waits for the whole of it.

/** Resolves on the event loop's next turn (setImmediate: after pending I/O, not just after the microtasks). */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
