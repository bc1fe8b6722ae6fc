// Counts the transactions a test's code runs on a raw better-sqlite3 connection. The code under test makes its
// transaction functions once (db.transaction(fn)) and calls them per batch, so the count is of calls of the
// functions made while the counter is installed, whichever variant (deferred, immediate, exclusive) runs.

import type BetterSqlite3 from 'better-sqlite3';
import { vi } from 'vitest';

type Variant = (...args: unknown[]) => unknown;

export interface TransactionCounter {
  readonly count: number;
  /** Stops wrapping new transaction functions (those made meanwhile keep counting). */
  restore(): void;
}

export function countTransactions(sqlite: BetterSqlite3.Database): TransactionCounter {
  let count = 0;
  const make = sqlite.transaction.bind(sqlite);
  const counted =
    (variant: Variant): Variant =>
    (...args) => {
      count++;
      return variant(...args);
    };
  const spy = vi.spyOn(sqlite, 'transaction').mockImplementation((fn) => {
    const made = make(fn) as unknown as Variant & Record<'deferred' | 'immediate' | 'exclusive', Variant>;
    return Object.assign(counted(made), {
      default: counted(made),
      deferred: counted(made.deferred),
      immediate: counted(made.immediate),
      exclusive: counted(made.exclusive),
    }) as unknown as ReturnType<BetterSqlite3.Database['transaction']>;
  });
  return {
    get count() {
      return count;
    },
    restore: () => spy.mockRestore(),
  };
}
