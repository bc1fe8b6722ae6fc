// On SQLite every query answers synchronously: without the cooperative driver, a long chain of awaited queries
// holds the event loop from its first query to its last, and a timer due meanwhile waits for the whole chain.

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { ConnectionLock, QUERY_SLICE_MS, eventLoopTurns } from './cooperativeDriver';

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

  it('lets the event loop turn while thousands of queries wait for the connection at once', async () => {
    // A reconnecting fleet: every closed connection's check asks for the connection in the same turn.
    database = await openTestDatabase('sqlite', false);
    const { db } = database.handle;
    await sql`create table t (n integer)`.execute(db);
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const queries = 4000;
    await Promise.all(
      Array.from({ length: queries }, (_, n) => sql`insert into t (n) values (${n})`.execute(db)),
    );
    counting = false;
    expect(turns).toBeGreaterThan(1);
    // First come, first served.
    const rows = await sql<{ n: number }>`select n from t order by rowid`.execute(db);
    expect(rows.rows.map((row) => row.n)).toEqual(Array.from({ length: queries }, (_, n) => n));
  });

  it('hands the lock to one waiter at a time, in the order they came', async () => {
    const lock = new ConnectionLock();
    const order: number[] = [];
    await lock.acquire();
    const waiting = [1, 2, 3].map((n) => lock.acquire().then(() => order.push(n)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    lock.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([1]);
    lock.release();
    lock.release();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
    lock.release();
    // Free again: the next acquire is answered at once.
    let taken = false;
    void lock.acquire().then(() => (taken = true));
    await Promise.resolve();
    expect(taken).toBe(true);
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
