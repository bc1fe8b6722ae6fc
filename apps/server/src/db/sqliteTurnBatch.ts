// Small writes on SQLite committed together: every statement queued in one turn of the event loop runs in ONE
// transaction, queued as the realtime group commit's writes are (sqliteTurnQueue.ts). On its own, each statement
// would be a transaction of its own, and committing one costs more than the statement: a fleet reconnecting after a
// network blip arms, cancels and claims tens of thousands of onDisconnect rows within seconds. Each queued statement
// still gets its own answer, given once its transaction committed; if the batch fails, each statement runs again
// alone, so one bad statement fails alone.

import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { SqliteTurnQueue } from './sqliteTurnQueue';

/** Statements of one batch at most; the rest wait for the next turn, so no batch holds the event loop for long. */
export const MAX_TURN_BATCH = 1024;

interface Queued {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { value: unknown; failed: false } | { error: unknown; failed: true };

export class SqliteTurnBatch {
  private readonly queue: SqliteTurnQueue<Queued, Outcome[]>;

  constructor(db: Kysely<unknown>, sqlite: BetterSqlite3.Database) {
    this.queue = new SqliteTurnQueue(db, sqlite, {
      maxBatch: MAX_TURN_BATCH,
      commit: (batch) => commitOrRetry(sqlite, batch),
      done: (batch, outcomes) =>
        batch.forEach((queued, index) => {
          const outcome = outcomes[index]!;
          if (outcome.failed) queued.reject(outcome.error);
          else queued.resolve(outcome.value);
        }),
      failed: (batch, error) => {
        for (const queued of batch) queued.reject(error);
      },
    });
  }

  /** Runs `statement` (synchronous better-sqlite3 calls) in the next batch; resolves once it committed. */
  run<T>(statement: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run: statement, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /** Resolves once every statement queued so far has been answered. */
  drain(): Promise<void> {
    return this.queue.drain();
  }
}

/** The batch in one transaction; if the database fails it (nothing was written), each statement alone. */
function commitOrRetry(sqlite: BetterSqlite3.Database, batch: Queued[]): Outcome[] {
  try {
    return sqlite
      .transaction(() => batch.map((queued): Outcome => ({ value: queued.run(), failed: false })))
      .immediate();
  } catch {
    return batch.map((queued): Outcome => {
      try {
        return { value: sqlite.transaction(queued.run).immediate(), failed: false };
      } catch (error) {
        return { error, failed: true };
      }
    });
  }
}
