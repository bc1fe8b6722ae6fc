// better-sqlite3 answers every query synchronously, so a chain of awaited queries (checking 20,000 screen ids,
// refreshing a group's timelines) runs as one unbroken string of microtasks: no socket is read, no timer fires,
// until the chain ends. This driver wraps Kysely's SQLite driver so that a query about to take the connection
// first lets the event loop have a turn when queries have held it for QUERY_SLICE_MS. Only there, between
// top-level queries and before a transaction begins: never inside a transaction, where another writer on the same
// connection (the realtime store's group commit) would then run in the middle of it.

import type { DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';
import { nextTurn } from '../eventLoop';

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

export class CooperativeDriver implements Driver {
  private readonly turn = eventLoopTurns();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.turn();
    return this.inner.acquireConnection();
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

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
