// Small writes on SQLite committed together: every statement queued in one turn of the event loop runs in ONE
// transaction (setImmediate, as the realtime group commit does, sqliteGroupCommit.ts). On its own, each statement
// would be a transaction of its own, and committing one costs more than the statement: a fleet reconnecting after a
// network blip arms, cancels and claims tens of thousands of onDisconnect rows within seconds. Each queued statement
// still gets its own answer, given once its transaction committed; if the batch fails, each statement runs again
// alone, so one bad statement fails alone.
//
// A transaction open on the connection when the batch is due is either Kysely's (then the batch waits for Kysely's
// connection, so it never joins a transaction someone else may roll back) or a caller's own BEGIN, which Kysely does
// not know of (then the batch joins it as a savepoint, as any other query would).

import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { nextTurn } from '../eventLoop';

/** Statements of one batch at most; the rest wait for the next turn, so no batch holds the event loop for long. */
export const MAX_TURN_BATCH = 1024;

interface Queued {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class SqliteTurnBatch {
  private pending: Queued[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly sqlite: BetterSqlite3.Database,
  ) {}

  /** Runs `statement` (synchronous better-sqlite3 calls) in the next batch; resolves once it committed. */
  run<T>(statement: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ run: statement, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /** Resolves once every statement queued so far has been answered. */
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
    const batch = this.pending.splice(0, MAX_TURN_BATCH);
    let results: { value?: unknown; error?: unknown; failed: boolean }[];
    try {
      if (!this.sqlite.open) throw new Error('The database is closed');
      results = this.sqlite.inTransaction
        ? await this.db.connection().execute(async () => this.commitOrRetry(batch))
        : this.commitOrRetry(batch);
    } catch (error) {
      for (const queued of batch) queued.reject(error);
      return;
    }
    batch.forEach((queued, index) => {
      const result = results[index]!;
      if (result.failed) queued.reject(result.error);
      else queued.resolve(result.value);
    });
  }

  private commitOrRetry(batch: Queued[]): { value?: unknown; error?: unknown; failed: boolean }[] {
    try {
      return this.sqlite
        .transaction(() => batch.map((queued) => ({ value: queued.run(), failed: false })))
        .immediate();
    } catch {
      // Nothing of the batch was written: each statement alone, with its own answer.
      return batch.map((queued) => {
        try {
          return { value: this.sqlite.transaction(queued.run).immediate(), failed: false };
        } catch (error) {
          return { error, failed: true };
        }
      });
    }
  }
}
