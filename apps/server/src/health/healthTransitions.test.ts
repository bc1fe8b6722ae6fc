// A fleet's transitions recorded a batch of screens at a time (healthTransitions.ts), on both engines: more screens
// than one batch come online, go offline and come back, with two monitors sweeping the same database at once;
// each transition is recorded and announced exactly once, and each screen's history stays one open interval.

import { Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { collectingSink, otherNodeMonitor, setConnection } from '../../test/harness/health';
import { pairedScreen, signUpOperator, type PairedScreen } from '../../test/harness/management';
import { queryPlan, recordingDatabase } from '../../test/harness/queryPlans';
import type { HealthMonitor } from './healthMonitor';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';
import { HEALTH_BATCH, HealthTransitions } from './healthTransitions';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const FLEET = 2 * HEALTH_BATCH + 5;
const BATCHES = Math.ceil(FLEET / HEALTH_BATCH);

/**
 * A second Kysely on the test's database counting every statement it runs (BEGIN and COMMIT aside): on SQLite over
 * the same connection, on PostgreSQL over a pool of its own.
 */
function countingDatabase(handle: DatabaseHandle) {
  let count = 0;
  const log = (event: LogEvent) => {
    if (event.level === 'query' && !/^(begin|commit|rollback)\b/i.test(event.query.sql)) count++;
  };
  const pool =
    handle.sqlite === undefined ? new pg.Pool({ connectionString: handle.location, max: 1 }) : null;
  const dialect =
    pool === null ? new SqliteDialect({ database: handle.sqlite! }) : new PostgresDialect({ pool });
  return {
    db: new Kysely<Database>({ dialect, log }),
    count: () => count,
    // Not Kysely's destroy on SQLite: it would close the app's connection.
    close: async () => pool?.end(),
  };
}

describe.each(['sqlite', 'postgres'] as const)('a fleet’s health transitions (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let screens: PairedScreen[];
  const sink = collectingSink();
  let t0: number;
  let orgId: string;
  const monitors: HealthMonitor[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null, events: sink });
    const operator = await signUpOperator(test.app, 'Fleet Org');
    orgId = operator.orgId;
    screens = [];
    for (let index = 0; index < FLEET; index++) screens.push(await pairedScreen(test.app, operator));
    t0 = test.clock();
    for (let index = 0; index < 2; index++) {
      monitors.push(otherNodeMonitor(database.handle, test.clock, sink, t0 - HOUR));
    }
  }, 120_000);
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const setAll = (connected: boolean, at: number) =>
    Promise.all(screens.map((screen) => setConnection(test.app, screen.player.id, connected, at)));
  const sweepTwice = () => Promise.all([monitors[0]!.sweep(), monitors[1]!.sweep()]);
  const states = async () =>
    database.handle.db.selectFrom('screen_health').select(['screen_id', 'state', 'since']).execute();
  const openIntervals = async () =>
    database.handle.db
      .selectFrom('health_intervals')
      .select(['screen_id', 'state', 'started_at'])
      .where('ended_at', 'is', null)
      .execute();
  const announced = (event: string) =>
    sink.emitted.filter((emitted) => emitted.event === event).map((emitted) => emitted.options.eventId);

  it('records every screen of the fleet once, online, without announcing it', async () => {
    await setAll(true, t0);
    test.clock.set(t0 + SECOND);
    await sweepTwice();
    const stored = await states();
    expect(stored).toHaveLength(FLEET);
    expect(new Set(stored.map((row) => row.state))).toEqual(new Set(['online']));
    expect(await openIntervals()).toHaveLength(FLEET);
    expect(sink.emitted).toEqual([]);
  });

  it('reads presence and health a page at a time, every screen once', async () => {
    const paged = otherNodeMonitor(database.handle, test.clock, sink, t0 - HOUR, 64);
    const { presence, health: readHealth } = await paged.sweep();
    const health = await readHealth();
    expect(presence.map((screen) => screen.screenId).sort()).toEqual(
      screens.map((screen) => screen.screenId).sort(),
    );
    expect([...health.values()].map((row) => [row.screen_id, row.state]).sort()).toEqual(
      screens.map((screen) => [screen.screenId, 'online']).sort(),
    );
  });

  it('records the whole fleet going offline once, each since its last sighting', async () => {
    await setAll(false, t0 + 10 * SECOND);
    test.clock.set(t0 + 125 * SECOND);
    await sweepTwice();
    const stored = await states();
    expect(stored.every((row) => row.state === 'offline' && Number(row.since) === t0 + 10 * SECOND)).toBe(
      true,
    );
    expect(announced('screen.offline').sort()).toEqual(
      screens.map((screen) => `screen.offline:${screen.screenId}:${t0 + 10 * SECOND}`).sort(),
    );
    const open = await openIntervals();
    expect(open).toHaveLength(FLEET);
    expect(open.every((row) => row.state === 'offline')).toBe(true);
  });

  it('records the fleet coming back once', async () => {
    sink.emitted.length = 0;
    await setAll(true, t0 + 200 * SECOND);
    test.clock.set(t0 + 205 * SECOND);
    await sweepTwice();
    expect((await states()).every((row) => row.state === 'online')).toBe(true);
    expect(announced('screen.online')).toHaveLength(FLEET);
    expect(new Set(announced('screen.online')).size).toBe(FLEET);
    const open = await openIntervals();
    expect(open).toHaveLength(FLEET);
    expect(open.every((row) => row.state === 'online' && Number(row.started_at) === t0 + 200 * SECOND)).toBe(
      true,
    );
    const intervals = await database.handle.db.selectFrom('health_intervals').select('screen_id').execute();
    expect(intervals).toHaveLength(3 * FLEET);
  });

  it('claims a batch of transitions with one statement per step, whichever node wins', async () => {
    // The whole fleet silent since t0 + 205 s: each of two nodes claims its going offline.
    const now = t0 + 400 * SECOND;
    const offline = screens.map((screen) => ({
      orgId,
      screenId: screen.screenId,
      state: 'offline' as const,
      since: t0 + 205 * SECOND,
    }));
    const first = countingDatabase(database.handle);
    const won = await new HealthTransitions(first.db).claim(offline, now, now - 90 * SECOND);
    await first.close();
    expect(won.map((transition) => transition.screenId)).toEqual(
      screens.map((screen) => screen.screenId).sort(),
    );
    // Per batch: the claim, closing the intervals, opening the next ones (one statement per screen and step before).
    expect(first.count()).toBe(3 * BATCHES);

    const second = countingDatabase(database.handle);
    expect(await new HealthTransitions(second.db).claim(offline, now, now - 90 * SECOND)).toEqual([]);
    await second.close();
    expect(second.count()).toBe(BATCHES);

    const open = await openIntervals();
    expect(open).toHaveLength(FLEET);
    expect(open.every((row) => row.state === 'offline' && Number(row.started_at) === t0 + 205 * SECOND)).toBe(
      true,
    );
  });
});

describe('closing a batch of screens\u2019 open intervals (sqlite)', () => {
  let database: TestDatabase;
  let test: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase('sqlite');
    test = await startTestApp({ database: database.handle, sweepTimers: null, events: collectingSink() });
  }, 60_000);
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  it('reads the intervals of the batch\u2019s screens, not every open interval of the fleet', async () => {
    const operator = await signUpOperator(test.app, 'Plan Org');
    const batch: PairedScreen[] = [];
    for (let index = 0; index < 3; index++) batch.push(await pairedScreen(test.app, operator));
    // The statements of a claim, as SQLite runs them on the app's connection.
    const { db, statements } = recordingDatabase(database.handle.sqlite!);
    const since = test.clock();
    await new HealthTransitions(db).recordFirst(
      batch.map((screen) => ({
        orgId: operator.orgId,
        screenId: screen.screenId,
        state: 'online' as const,
        since,
        lastSeenAt: since,
      })),
      since,
    );
    const close = statements.find((statement) => /^update "health_intervals"/i.test(statement.sql));
    expect(close).toBeDefined();
    // By the primary key (screen_id, started_at): each screen's own rows.
    expect(queryPlan(database.handle.sqlite!, close!)).toMatch(
      /SEARCH health_intervals USING (PRIMARY KEY|INDEX sqlite_autoindex_health_intervals_1) \(screen_id=\?\)/,
    );
  });
});

describe('a batch that lost a deadlock to another node (postgres)', () => {
  let database: TestDatabase;
  let test: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    test = await startTestApp({ database: database.handle, sweepTimers: null, events: collectingSink() });
  }, 120_000);
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  it('is run again when PostgreSQL rolled it back for a deadlock', async () => {
    const db = database.handle.db;
    const operator = await signUpOperator(test.app, 'Deadlock Org');
    const screens: PairedScreen[] = [];
    for (let index = 0; index < 3; index++) screens.push(await pairedScreen(test.app, operator));
    const t0 = test.clock();
    const transitions = new HealthTransitions(db);
    const at = (state: 'online' | 'offline', since: number) =>
      screens.map((screen) => ({ orgId: operator.orgId, screenId: screen.screenId, state, since }));
    await transitions.recordFirst(
      at('offline', t0).map((first) => ({ ...first, lastSeenAt: t0 })),
      t0,
    );
    // The claim's UPDATE is refused as a deadlock would be (SQLSTATE 40P01), once: a sequence counts the UPDATEs,
    // since the refusal rolls back everything else its transaction did.
    await sql`CREATE SEQUENCE health_updates`.execute(db);
    await sql`
      CREATE FUNCTION lose_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('health_updates') = 1 THEN
          RAISE EXCEPTION 'deadlock detected (test)' USING ERRCODE = 'deadlock_detected';
        END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER lose_once BEFORE UPDATE ON screen_health FOR EACH STATEMENT EXECUTE FUNCTION lose_once()`.execute(
      db,
    );

    const won = await transitions.claim(at('online', t0 + SECOND), t0 + SECOND, t0 - HOUR);
    expect(won.map((transition) => transition.screenId).sort()).toEqual(
      screens.map((screen) => screen.screenId).sort(),
    );
    // The refused UPDATE, then the one that claimed the batch.
    expect(await sql`SELECT last_value FROM health_updates`.execute(db)).toMatchObject({
      rows: [{ last_value: 2 }],
    });
    const stored = await db.selectFrom('screen_health').select('state').execute();
    expect(stored.map((row) => row.state)).toEqual(['online', 'online', 'online']);
  });
});
