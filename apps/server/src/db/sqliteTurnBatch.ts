// Small writes on SQLite committed together: every statement queued in one turn of the event loop runs in ONE
// transaction, queued as the realtime group commit's writes are (sqliteTurnQueue.ts). On its own, each statement
// would be a transaction of its own, and committing one costs more than the statement: a fleet reconnecting after a
// network blip arms, cancels and claims tens of thousands of onDisconnect rows within seconds. Each queued statement
// still gets its own answer, given once its transaction committed; if the batch fails, each statement runs again
// alone, so one bad statement fails alone. Reads are batched the same way (batchedRead.ts), in a deferred
// transaction: one snapshot for the turn's reads instead of one per read.

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

interface Transactions {
  all: (batch: readonly Queued[]) => Outcome[];
  one: (queued: Queued) => unknown;
}

type Outcome = { value: unknown; failed: false } | { error: unknown; failed: true };

/**
 * How a batch's transaction begins: IMMEDIATE for writes (it takes the write lock at once, so it cannot fail half
 * way for a lock), DEFERRED for reads (a read-only batch never takes it).
 */
export type TurnBatchBehavior = 'immediate' | 'deferred';

export class SqliteTurnBatch {
  private readonly queue: SqliteTurnQueue<Queued, Outcome[]>;

  constructor(
    db: Kysely<unknown>,
    sqlite: BetterSqlite3.Database,
    behavior: TurnBatchBehavior = 'immediate',
  ) {
    // Made once, at the first batch (the connection is open then): better-sqlite3 builds four wrappers and their
    // properties at every transaction() call.
    let transactions: Transactions | undefined;
    this.queue = new SqliteTurnQueue(db, sqlite, {
      maxBatch: MAX_TURN_BATCH,
      commit: (batch) => {
        transactions ??= {
          all: sqlite.transaction(runAll)[behavior],
          one: sqlite.transaction((queued: Queued) => queued.run())[behavior],
        };
        return commitOrRetry(batch, transactions);
      },
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

function runAll(batch: readonly Queued[]): Outcome[] {
  return batch.map((queued): Outcome => ({ value: queued.run(), failed: false }));
}

/** The batch in one transaction; if the database fails it (nothing was written), each statement alone. */
function commitOrRetry(batch: Queued[], { all, one }: Transactions): Outcome[] {
  try {
    return all(batch);
  } catch {
    return batch.map((queued): Outcome => {
      try {
        return { value: one(queued), failed: false };
      } catch (error) {
        return { error, failed: true };
      }
    });
  }
}
