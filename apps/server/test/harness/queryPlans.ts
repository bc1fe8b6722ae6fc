// What SQLite does with the statements a test's code runs: a Kysely over the app's own SQLite connection that records
// every statement it runs, and SQLite's plan of one of them with its parameters (EXPLAIN QUERY PLAN), so a test can
// say that a statement searches an index rather than reading a whole table.

import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import type { Database } from '../../src/db/schema';

export interface RecordingDatabase {
  db: Kysely<Database>;
  /** The statements run so far, in order. */
  readonly statements: CompiledQuery[];
}

/** A Kysely on `sqlite` recording the statements it runs (not destroyed by the test: the connection is the app's). */
export function recordingDatabase(sqlite: BetterSqlite3.Database): RecordingDatabase {
  const statements: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  return { db, statements };
}

/** SQLite's plan of `statement`, its steps' details joined with '; '. */
export function queryPlan(sqlite: BetterSqlite3.Database, statement: CompiledQuery): string {
  const steps = sqlite
    .prepare(`explain query plan ${statement.sql}`)
    .all(...(statement.parameters as unknown[])) as { detail: string }[];
  return steps.map((step) => step.detail).join('; ');
}
