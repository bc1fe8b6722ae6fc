// Screen health with faked time, on both engines: transitions and their since-times, the start grace, two monitors
// on one database announcing each transition once, a heartbeat bringing a screen back at once, and the uptime
// intervals the API answers.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { collectingSink, otherNodeMonitor, setConnection } from '../../test/harness/health';
import { HealthTransitions } from './healthTransitions';
import {
  PASSWORD,
  bearer,
  pairedScreen,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from '../../test/harness/management';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

describe.each(['sqlite', 'postgres'] as const)('screen health monitor (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let operator: TestOperator;
  let connected: PairedScreen;
  let beating: PairedScreen;
  const sink = collectingSink();
  let t0: number;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null, events: sink });
    operator = await signUpOperator(test.app, 'Health Org');
    connected = await pairedScreen(test.app, operator, 'Lobby');
    beating = await pairedScreen(test.app, operator, 'Cafe');
    t0 = test.clock();
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const monitor = () => test.app.services.healthMonitor;
  /** An ID token valid at the test clock's time (hours pass in these tests). */
  const auth = async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: operator.email, password: PASSWORD },
    });
    return bearer(response.json<{ idToken: string }>().idToken);
  };
  const health = async (screenId: string) => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v1/screens/${screenId}`,
      headers: await auth(),
    });
    return response.json<{ health: { state: string; since: number } }>().health;
  };

  it('records first sightings without announcing them', async () => {
    await setConnection(test.app, connected.player.id, true, t0);
    await test.app.services.players.heartbeat(beating.player.id, {}, null);
    test.clock.advance(5 * SECOND);
    await monitor().sweep();
    expect(await health(connected.screenId)).toEqual({ state: 'online', since: t0 });
    expect(await health(beating.screenId)).toEqual({ state: 'online', since: t0 });
    expect(sink.emitted).toEqual([]);
  });

  it('announces no offline transition during the 2-minute start grace', async () => {
    await setConnection(test.app, connected.player.id, false, t0 + 10 * SECOND);
    test.clock.set(t0 + 110 * SECOND); // both silent past 90 s, still within 120 s of the start
    await monitor().sweep();
    expect((await health(connected.screenId)).state).toBe('online');
    expect(sink.emitted).toEqual([]);
  });

  it('two monitors on one database record and announce each transition once, since the last sighting', async () => {
    test.clock.set(t0 + 125 * SECOND);
    const other = otherNodeMonitor(database.handle, test.clock, sink, t0 - HOUR);
    await Promise.all([monitor().sweep(), other.sweep(), other.sweep(), monitor().sweep()]);
    expect(await health(connected.screenId)).toEqual({ state: 'offline', since: t0 + 10 * SECOND });
    expect(await health(beating.screenId)).toEqual({ state: 'offline', since: t0 });
    const offline = sink.emitted.filter((event) => event.event === 'screen.offline');
    expect(offline.map((event) => event.options.eventId).sort()).toEqual(
      [
        `screen.offline:${connected.screenId}:${t0 + 10 * SECOND}`,
        `screen.offline:${beating.screenId}:${t0}`,
      ].sort(),
    );
    expect(offline.find((event) => event.data.screenId === connected.screenId)?.data).toMatchObject({
      screenName: 'Lobby',
      since: new Date(t0 + 10 * SECOND).toISOString(),
    });
  });

  it('a heartbeat brings a screen back at once, a reconnection at the next sweep', async () => {
    sink.emitted.length = 0;
    test.clock.set(t0 + 200 * SECOND);
    await test.app.services.players.heartbeat(beating.player.id, {}, null);
    expect(await health(beating.screenId)).toEqual({ state: 'online', since: t0 + 200 * SECOND });
    expect(sink.emitted.map((event) => [event.event, event.data.screenId])).toEqual([
      ['screen.online', beating.screenId],
    ]);
    await setConnection(test.app, connected.player.id, true, t0 + 203 * SECOND);
    test.clock.set(t0 + 205 * SECOND);
    await monitor().sweep();
    expect(await health(connected.screenId)).toEqual({ state: 'online', since: t0 + 203 * SECOND });
    expect(sink.emitted).toHaveLength(2);
  });

  it('a live connection keeps a screen online without heartbeats', async () => {
    test.clock.set(t0 + 2 * HOUR);
    await monitor().sweep();
    expect((await health(connected.screenId)).state).toBe('online');
    expect(await health(beating.screenId)).toEqual({ state: 'offline', since: t0 + 200 * SECOND });
  });

  it('answers the uptime intervals of the last 24 hours', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v1/screens/${connected.screenId}/uptime?hours=24`,
      headers: await auth(),
    });
    expect(response.statusCode).toBe(200);
    const now = t0 + 2 * HOUR;
    expect(response.json()).toEqual({
      from: now - 24 * HOUR,
      to: now,
      intervals: [
        { state: 'unknown', from: now - 24 * HOUR, to: t0 },
        { state: 'online', from: t0, to: t0 + 10 * SECOND },
        { state: 'offline', from: t0 + 10 * SECOND, to: t0 + 203 * SECOND },
        { state: 'online', from: t0 + 203 * SECOND, to: now },
      ],
      uptimePercent: Math.round(((2 * HOUR - 193 * SECOND) / (2 * HOUR)) * 1000) / 10,
    });
  });

  it('refuses an uptime window out of range, naming the field', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v1/screens/${connected.screenId}/uptime?hours=0`,
      headers: await auth(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('hours');
  });

  it("raises a live connection's stored sighting every half threshold, with no statement between, never letting it age past the threshold", async () => {
    const stored = async () =>
      (
        await database.handle.db
          .selectFrom('screen_health')
          .select('last_seen_at')
          .where('screen_id', '=', connected.screenId)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const start = t0 + 3 * HOUR;
    test.clock.set(start);
    await monitor().sweep();
    expect(await stored()).toBe(start);
    // A monitor of another node, counting its UPDATEs of screen_health (each statement is compiled through the
    // plugins when it runs): a sweep with no sighting to raise sends none.
    const updates = { count: 0 };
    const counted = database.handle.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'UpdateQueryNode' && JSON.stringify(args.node).includes('"screen_health"'))
          updates.count++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const sweeper = otherNodeMonitor({ ...database.handle, db: counted }, test.clock, sink, t0 - HOUR);
    const threshold = sweeper.offlineAfterMs;
    const writes: number[] = [];
    for (let at = start + 10 * SECOND; at <= start + 270 * SECOND; at += 10 * SECOND) {
      test.clock.set(at);
      // Just before this sweep, another node with a stale reading claims the screen offline: the stored sighting
      // refuses it.
      const claimed = await new HealthTransitions(database.handle.db).claim(
        [{ orgId: operator.orgId, screenId: connected.screenId, state: 'offline', since: at - threshold }],
        at,
        at - threshold,
      );
      expect(claimed).toEqual([]);
      const before = await stored();
      const updatesBefore = updates.count;
      await sweeper.sweep();
      if ((await stored()) !== before) writes.push(at - start);
      expect(updates.count - updatesBefore).toBe((await stored()) !== before ? 1 : 0);
    }
    // At the harness's 90 s threshold: every 50 s (the first sweep past 45 s), where it was every 20 s.
    expect(writes).toEqual([50, 100, 150, 200, 250].map((seconds) => seconds * SECOND));
  });
});
