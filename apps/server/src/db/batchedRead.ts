// A read that every connection makes (a player's account at authentication, a document at its first listen), run
// with the other reads of its turn. Through Kysely, each read waits for the connection in turn with every other
// query (cooperativeDriver.ts), and those queries get QUERY_SLICE_MS per turn of the event loop: when a reconnecting
// fleet makes turns long, a few hundred reads a turn get through and a new connection's authentication waits
// seconds behind the others' work. On SQLite the reads queued during one turn run together on the raw connection at
// the next (sqliteTurnBatch.ts, one deferred transaction), prepared once, without Kysely. On PostgreSQL the keys read
// during one turn are read by one query at the next (postgresTurnBatch.ts), compiled once (reusableQuery.ts).
//
// Only for reads on the database itself, never inside a transaction: a batched read does not see what an open
// transaction wrote, and would wait for the connection that transaction holds.

import type BetterSqlite3 from 'better-sqlite3';
import { PostgresAdapter, type Compilable, type Kysely } from 'kysely';
import type { DatabaseHandle } from './database';
import { readPerTurn } from './postgresTurnBatch';
import { compileReusable, reusableQuery } from './reusableQuery';
import { SqliteTurnBatch } from './sqliteTurnBatch';

export type BatchedRead<O> = (key: string) => Promise<O[]>;

/** A read by one key, in the two forms the engines batch it in. */
export interface KeyedRead<DB, O> {
  /** The rows of `key` (SQLite: prepared once, run with the turn's other reads). */
  one: (db: Kysely<DB>, key: string) => Compilable<O>;
  /** The rows of every key of `keys`, a bound array (PostgreSQL: `= any(…)`, one query per turn). */
  many: (db: Kysely<DB>, keys: readonly string[]) => Compilable<O>;
  /** The key a row of `many` answers. */
  keyOf: (row: O) => string;
}

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

/** `read` batched by turn on each engine (see above). */
export function batchedRead<DB, O>(
  database: Pick<DatabaseHandle, 'sqlite'> & { db: Kysely<DB> },
  read: KeyedRead<DB, O>,
): BatchedRead<O> {
  const { db, sqlite } = database;
  if (sqlite === undefined) {
    if (db.isTransaction || !(db.getExecutor().adapter instanceof PostgresAdapter)) {
      // A transaction (whose reads must run on it, in order), or SQLite through Kysely alone: one query per call.
      const query = reusableQuery(db, 1, read.one);
      return async (key) => (await query(db, key)).rows;
    }
    const query = reusableQuery(db, 1, read.many);
    return readPerTurn(async (keys) => (await query(db, keys)).rows, read.keyOf);
  }
  const compiled = compileReusable(db, 1, read.one);
  const batch = readBatchOf(db as Kysely<unknown>, sqlite);
  let statement: BetterSqlite3.Statement<unknown[], O> | undefined;
  return (key) =>
    batch.run(() => {
      const { sql, parameters } = compiled();
      statement ??= sqlite.prepare<unknown[], O>(sql);
      return statement.all(...parameters([key]));
    });
}
