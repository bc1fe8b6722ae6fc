// Work on SQLite's raw connection committed a turn of the event loop at a time: what is queued during one turn runs
// together on the next (setImmediate, not a microtask: what arrives in the same turn joins the batch, and I/O runs
// in between), at most `maxBatch` items per turn, so that no batch holds the loop for long. The realtime group
// commit (realtime/sqliteGroupCommit.ts) and the onDisconnect rows (db/sqliteTurnBatch.ts) queue through it.
//
// A transaction open on the connection when a batch is due is either Kysely's (then the batch waits for Kysely's
// connection, so it never becomes part of a transaction someone else may roll back) or a caller's own BEGIN, which
// Kysely does not know of (then the batch runs inside it, as any other query would). Otherwise the batch runs at
// once: going through Kysely's connection every time would cost every batch some latency.

import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { nextTurn } from '../eventLoop';

export interface TurnWork<T, R> {
  /** Items of one batch at most. */
  maxBatch: number;
  /** Runs a batch on the raw connection (synchronous; its own transaction). Throws when it could not. */
  commit(batch: T[]): R;
  /** Answers the batch once `commit` returned. */
  done(batch: T[], result: R): void;
  /** Answers the batch that could not run (the database is closed, or `commit` threw). */
  failed(batch: T[], error: unknown): void;
}

export class SqliteTurnQueue<T, R> {
  private pending: T[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly sqlite: BetterSqlite3.Database,
    private readonly work: TurnWork<T, R>,
  ) {}

  push(item: T): void {
    this.pending.push(item);
    this.schedule();
  }

  /** Gives items back to the head of the queue, for the next batch (a batch that closed early). */
  requeue(items: readonly T[]): void {
    this.pending.unshift(...items);
    this.schedule();
  }

  /** Resolves once every item queued so far has been answered. */
  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.scheduled) await nextTurn();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      void this.runBatch().finally(() => {
        this.scheduled = false;
        if (this.pending.length > 0) this.schedule();
      });
    });
  }

  private async runBatch(): Promise<void> {
    const batch = this.pending.splice(0, this.work.maxBatch);
    let result: R;
    try {
      if (!this.sqlite.open) throw new Error('The database is closed');
      result = this.sqlite.inTransaction
        ? await this.db.connection().execute(async () => this.work.commit(batch))
        : this.work.commit(batch);
    } catch (error) {
      this.work.failed(batch, error);
      return;
    }
    this.work.done(batch, result);
  }
}
