// On SQLite every query answers synchronously: without the cooperative driver, a long chain of awaited queries
// holds the event loop from its first query to its last, and a timer due meanwhile waits for the whole chain.

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { QUERY_SLICE_MS, eventLoopTurns } from './cooperativeDriver';

describe('the cooperative SQLite driver', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('lets timers run during a long chain of queries, and never inside a transaction', async () => {
    database = await openTestDatabase('sqlite', false);
    const { db } = database.handle;
    await sql`create table t (n integer)`.execute(db);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      // Queries back to back for several slices: a turn of the event loop comes between them.
      const started = performance.now();
      let queries = 0;
      while (performance.now() - started < 6 * QUERY_SLICE_MS || queries < 50) {
        await sql`insert into t (n) values (${queries++})`.execute(db);
      }
      expect(ticks).toBeGreaterThan(0);
      // Inside a transaction, none: once it has begun, the whole of it runs before any timer.
      await db.transaction().execute(async (trx) => {
        const atBegin = ticks;
        const began = performance.now();
        while (performance.now() - began < 6 * QUERY_SLICE_MS) {
          await sql`insert into t (n) values (0)`.execute(trx);
        }
        expect(ticks).toBe(atBegin);
      });
    } finally {
      clearInterval(timer);
    }
  });

  it('waits for a turn only once a slice has passed since the last one', async () => {
    let now = 0;
    const turn = eventLoopTurns(() => now);
    let immediate = false;
    setImmediate(() => (immediate = true));
    await turn();
    expect(immediate).toBe(false);
    now = QUERY_SLICE_MS;
    await turn();
    expect(immediate).toBe(true);
  });
});
