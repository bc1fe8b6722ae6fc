// A read that every connection makes (a player's account at authentication, a document at its first listen), run
// with the other reads of its turn. Through Kysely, each read waits for the connection in turn with every other
// query (cooperativeDriver.ts), and those queries get QUERY_SLICE_MS per turn of the event loop: when a reconnecting
// fleet makes turns long, a few hundred reads a turn get through and a new connection's authentication waits
// seconds behind the others' work. On SQLite the reads queued during one turn run together on the raw connection at
// the next (sqliteTurnBatch.ts, one deferred transaction), prepared once, without Kysely. On PostgreSQL each read
// is one compiled query on the pool (reusableQuery.ts), which already runs them side by side.
//
// Only for reads on the database itself, never inside a transaction: a batched read does not see what an open
// transaction wrote, and would wait for the connection that transaction holds.

import type BetterSqlite3 from 'better-sqlite3';
import type { Compilable, Kysely } from 'kysely';
import type { DatabaseHandle } from './database';
import { compileReusable, reusableQuery } from './reusableQuery';
import { SqliteTurnBatch } from './sqliteTurnBatch';

export type BatchedRead<A extends readonly unknown[], O> = (...args: A) => Promise<O[]>;

/** One batch of reads per SQLite connection, shared by every batched read of the database. */
const readBatches = new WeakMap<BetterSqlite3.Database, SqliteTurnBatch>();

function readBatchOf(db: Kysely<unknown>, sqlite: BetterSqlite3.Database): SqliteTurnBatch {
  let batch = readBatches.get(sqlite);
  if (batch === undefined) {
    batch = new SqliteTurnBatch(db, sqlite, 'deferred');
    readBatches.set(sqlite, batch);
  }
  return batch;
}

/** `build` (each of its `arity` arguments a bound value) as a read batched by turn on SQLite (see above). */
export function batchedRead<DB, A extends readonly unknown[], O>(
  database: Pick<DatabaseHandle, 'sqlite'> & { db: Kysely<DB> },
  arity: A['length'],
  build: (db: Kysely<DB>, ...args: A) => Compilable<O>,
): BatchedRead<A, O> {
  const { db, sqlite } = database;
  if (sqlite === undefined) {
    const query = reusableQuery(db, arity, build);
    return async (...args) => (await query(db, ...args)).rows;
  }
  const compiled = compileReusable(db, arity, build);
  const batch = readBatchOf(db as Kysely<unknown>, sqlite);
  let statement: BetterSqlite3.Statement<unknown[], O> | undefined;
  return (...args) =>
    batch.run(() => {
      const { sql, parameters } = compiled();
      statement ??= sqlite.prepare<unknown[], O>(sql);
      return statement.all(...parameters(args));
    });
}
