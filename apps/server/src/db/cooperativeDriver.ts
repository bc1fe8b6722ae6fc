// better-sqlite3 answers every query synchronously, so a chain of awaited queries (checking 20,000 screen ids,
// refreshing a group's timelines) runs as one unbroken string of microtasks: no socket is read, no timer fires,
// until the chain ends. This driver wraps Kysely's SQLite driver so that a query, once it holds the connection,
// first lets the event loop have a turn when queries have held it for QUERY_SLICE_MS. Only there, between
// top-level queries and before a transaction begins: never inside a transaction, where another writer on the same
// connection (the realtime store's group commit) would then run in the middle of it.
//
// The connection is handed over first come, first served, to one waiter at a time (ConnectionLock). Kysely's own
// lock wakes every waiter at each release, so N queries waiting at once cost N² wake-ups: a reconnecting fleet's
// 20,000 onDisconnect checks held the loop for seconds, and no new connection was accepted meanwhile. And the
// turn is checked after the lock is taken, not before: checked before, thousands of queries started in one turn
// all pass the check while the slice is fresh, and then run one after another in a single turn.

import type { DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';
import { nextTurn } from '../eventLoop';
import { Fifo } from '../fifo';

/** How long queries may run back to back before the next one waits for a turn of the event loop. */
export const QUERY_SLICE_MS = 10;

/** A gate that waits for the next turn of the event loop once QUERY_SLICE_MS have passed since the last turn. */
export function eventLoopTurns(now: () => number = () => performance.now()): () => Promise<void> {
  let since = now();
  return async () => {
    if (now() - since < QUERY_SLICE_MS) return;
    await nextTurn();
    since = now();
  };
}

/** A lock handed to its waiters in the order they came, waking only the next one at each release. */
export class ConnectionLock {
  private held = false;
  private readonly waiters = new Fifo<() => void>();

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const [next] = this.waiters.take(1);
    if (next === undefined) this.held = false;
    else next();
  }
}

export class CooperativeDriver implements Driver {
  private readonly turn = eventLoopTurns();
  private readonly lock = new ConnectionLock();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    try {
      await this.turn();
      // Uncontended: only the holder of this driver's lock asks for it.
      return await this.inner.acquireConnection();
    } catch (error) {
      this.lock.release();
      throw error;
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.savepoint?.(connection, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.(connection, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.releaseSavepoint?.(connection, name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.lock.release();
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
