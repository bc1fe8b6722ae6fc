// Sending stored deliveries (docs/webhooks.md §Signature, §Retries, §Once across nodes), on both engines, to real
// HTTP receivers on 127.0.0.1: the signature checks out by an independent computation, failures are retried on the
// schedule until 24 h after the event, a hanging receiver holds up no other, what one instance stored another sends,
// and two workers on one database send every delivery exactly once. The clock is the test's.

import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startWebhookReceiver, webhookSignatureValid, type WebhookReceiver } from '@marquee/testbed';
import { testClock, type TestClock } from '../../test/harness/app';
import { describeOnBothEngines } from '../../test/harness/databases';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { newId } from '../ids';
import { DeliveryWorker, nodeDeliveryTimers, type DeliveryTimers } from './deliveryWorker';
import { WebhookService } from './webhookService';
import { testChanger } from '../../test/harness/changer';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Timers the test fires by hand; it sees what the worker asked for. */
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const timers: DeliveryTimers & { delays(): number[]; fire(): void } = {
    setTimeout(run, ms) {
      pending.set(++next, { run, ms });
      return next;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    delays: () => [...pending.values()].map((timer) => timer.ms),
    fire() {
      const due = [...pending.values()];
      pending.clear();
      for (const timer of due) timer.run();
    },
  };
  return timers;
}

const receivers: WebhookReceiver[] = [];
const workers: DeliveryWorker[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  for (const receiver of receivers.splice(0)) await receiver.close();
  for (const handle of handles.splice(0)) await handle.close();
});

async function receiver(): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
}

describeOnBothEngines('webhook delivery worker', (database, engine) => {
  const db = () => database().db;

  async function newOrg(): Promise<string> {
    const id = newId();
    await db()
      .insertInto('orgs')
      .values({
        id,
        name: 'Webhook org',
        allow_clone_screen_by_hardware_id: 0,
        exempt_from_duplicate_checks: 0,
        created_at: 0,
      })
      .execute();
    return id;
  }

  function setUp(clock: TestClock, options: { timeoutMs?: number; handle?: DatabaseHandle } = {}) {
    const on = options.handle ?? database();
    const worker = new DeliveryWorker({
      db: on.db,
      clock,
      timers: manualTimers(),
      onError: (error) => {
        throw error;
      },
      timeoutMs: options.timeoutMs,
    });
    workers.push(worker);
    return { worker, service: new WebhookService({ db: on.db, clock }) };
  }

  const deliveryOf = (webhookId: string) =>
    db().selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).execute();

  it('POSTs the event as signed JSON with its headers, once', async () => {
    const clock = testClock();
    const { worker, service } = setUp(clock);
    const orgId = await newOrg();
    const hook = await receiver();
    const webhook = await service.create(testChanger(orgId), { url: hook.url, events: ['screen.offline'] });
    await service.emit(orgId, 'screen.offline', { screenId: 's1' }, { eventId: 'evt-1' });
    await worker.runDue();
    const [request] = await hook.waitFor(1);
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Marquee-Webhooks/1',
      'marquee-event': 'screen.offline',
      'marquee-event-id': 'evt-1',
    });
    const [delivery] = await deliveryOf(webhook.id);
    expect(request!.headers['marquee-delivery']).toBe(delivery!.id);
    expect(JSON.parse(request!.body)).toEqual({
      id: 'evt-1',
      event: 'screen.offline',
      createdAt: clock(),
      data: { screenId: 's1' },
    });
    const signature = request!.headers['marquee-signature'] as string;
    expect(signature).toMatch(new RegExp(`^t=${Math.floor(clock() / 1000)},v1=[0-9a-f]{64}$`));
    expect(webhookSignatureValid(webhook.secret, signature, request!.body)).toBe(true);
    expect(webhookSignatureValid(webhook.secret, signature, `${request!.body} `)).toBe(false);
    expect(webhookSignatureValid(`${webhook.secret}x`, signature, request!.body)).toBe(false);
    expect(delivery).toMatchObject({
      state: 'delivered',
      attempts: 1,
      next_attempt_at: null,
      lease_owner: null,
    });
    await worker.runDue();
    expect(hook.received).toHaveLength(1);
  });

  it('retries after about 1 min, 5 min, 30 min, 2 h, then every 2 h, and gives up 24 h after the event', async () => {
    const clock = testClock(Date.UTC(2026, 2, 29, 0, 30)); // across Europe's spring-forward night: UTC only
    const start = clock();
    const { worker, service } = setUp(clock);
    const orgId = await newOrg();
    const hook = await receiver();
    hook.answer = () => 503;
    const webhook = await service.create(testChanger(orgId), { url: hook.url, events: ['screen.online'] });
    await service.emit(orgId, 'screen.online', { screenId: 's1' });

    const attemptTimes: number[] = [];
    for (let guard = 0; guard < 40; guard++) {
      const [delivery] = await deliveryOf(webhook.id);
      if (delivery!.state !== 'pending') break;
      const due = delivery!.next_attempt_at!;
      // Not a moment early…
      clock.set(due - 1);
      await worker.runDue();
      expect((await deliveryOf(webhook.id))[0]!.attempts).toBe(delivery!.attempts);
      // …and at the due time.
      clock.set(due);
      await worker.runDue();
      attemptTimes.push(due);
    }
    const gaps = attemptTimes.slice(1).map((time, index) => time - attemptTimes[index]!);
    expect(gaps.slice(0, 5)).toEqual([MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS, 2 * HOUR_MS]);
    expect(gaps.slice(4).every((gap) => gap === 2 * HOUR_MS)).toBe(true);
    const last = attemptTimes[attemptTimes.length - 1]!;
    expect(last).toBeLessThanOrEqual(start + 24 * HOUR_MS);
    expect(last + 2 * HOUR_MS).toBeGreaterThan(start + 24 * HOUR_MS);
    expect(hook.received).toHaveLength(attemptTimes.length);
    const [failed] = await deliveryOf(webhook.id);
    expect(failed).toMatchObject({ state: 'failed', next_attempt_at: null, attempts: attemptTimes.length });

    const page = await service.deliveries(orgId, webhook.id, { limit: 10 });
    const attempts = page.deliveries[0]!.attempts;
    expect(attempts.map((attempt) => attempt.at)).toEqual(attemptTimes);
    expect(attempts[0]).toMatchObject({
      statusCode: 503,
      error: 'answered 503',
      nextRetryAt: start + MINUTE_MS,
    });
    expect(attempts[attempts.length - 1]!.nextRetryAt).toBeNull();
    expect(page.deliveries[0]).toMatchObject({ state: 'failed', nextAttemptAt: null });

    // A day later nothing more goes out.
    clock.advance(24 * HOUR_MS);
    await worker.runDue();
    expect(hook.received).toHaveLength(attemptTimes.length);
  });

  it('a receiver that hangs holds up no other webhook, and its attempt times out', async () => {
    const clock = testClock();
    const { worker, service } = setUp(clock, { timeoutMs: 1500 });
    const orgId = await newOrg();
    const [slow, fast] = [await receiver(), await receiver()];
    slow.answer = () => 'hang';
    const hanging = await service.create(testChanger(orgId), { url: slow.url, events: ['fleet.incident'] });
    await service.create(testChanger(orgId), { url: fast.url, events: ['fleet.incident'] });
    await service.emit(orgId, 'fleet.incident', { offline: 10 });
    const started = performance.now();
    const pass = worker.runDue();
    await fast.waitFor(1);
    expect(performance.now() - started).toBeLessThan(1000);
    await pass;
    const [timedOut] = await deliveryOf(hanging.id);
    expect(timedOut).toMatchObject({ state: 'pending', attempts: 1, next_attempt_at: clock() + MINUTE_MS });
    const page = await service.deliveries(orgId, hanging.id, { limit: 10 });
    expect(page.deliveries[0]!.attempts[0]).toMatchObject({
      statusCode: null,
      error: 'no answer within 1500 ms',
    });
  });

  it('a refused connection is a failed attempt with its reason', async () => {
    const clock = testClock();
    const { worker, service } = setUp(clock);
    const orgId = await newOrg();
    const gone = await startWebhookReceiver();
    await gone.close();
    const webhook = await service.create(testChanger(orgId), { url: gone.url, events: ['screen.offline'] });
    await service.emit(orgId, 'screen.offline', {});
    await worker.runDue();
    const page = await service.deliveries(orgId, webhook.id, { limit: 10 });
    expect(page.deliveries[0]!.attempts[0]!.error).toMatch(/ECONNREFUSED/);
    expect(page.deliveries[0]!.state).toBe('pending');
  });

  it('a redirect is not followed: a 3xx is a failed attempt', async () => {
    const clock = testClock();
    const { worker, service } = setUp(clock);
    const orgId = await newOrg();
    const hook = await receiver();
    hook.answer = () => 307;
    const webhook = await service.create(testChanger(orgId), { url: hook.url, events: ['screen.offline'] });
    await service.emit(orgId, 'screen.offline', {});
    await worker.runDue();
    const page = await service.deliveries(orgId, webhook.id, { limit: 10 });
    expect(page.deliveries[0]).toMatchObject({ state: 'pending', attempts: [{ statusCode: 307 }] });
    expect(hook.received).toHaveLength(1);
  });

  it('what one instance stored, a new instance on the same database sends at start', async () => {
    const clock = testClock();
    const first = setUp(clock);
    const orgId = await newOrg();
    const hook = await receiver();
    const webhook = await first.service.create(testChanger(orgId), {
      url: hook.url,
      events: ['screen.offline'],
    });
    await first.service.emit(orgId, 'screen.offline', { screenId: 'restart' });
    await first.worker.stop();
    // SQLite: the file opened afresh, as a restarted server does; PostgreSQL: the same database.
    let handle: DatabaseHandle | undefined;
    if (engine === 'sqlite') {
      const file = database().location;
      handle = openDatabase({ dataDir: path.dirname(file), sqliteFile: path.basename(file) });
      handles.push(handle);
    }
    const timers = manualTimers();
    const second = new DeliveryWorker({ db: (handle ?? database()).db, clock, timers, onError: () => {} });
    workers.push(second);
    second.start();
    expect(timers.delays()).toEqual([0]);
    await second.runDue();
    const [request] = await hook.waitFor(1);
    expect(JSON.parse(request!.body).data).toEqual({ screenId: 'restart' });
    expect((await deliveryOf(webhook.id))[0]!.state).toBe('delivered');
  });

  it('a send cut short by a shutdown is no attempt, and the next instance sends it at once', async () => {
    const clock = testClock();
    const first = setUp(clock, { timeoutMs: 30_000 });
    const orgId = await newOrg();
    const hook = await receiver();
    hook.answer = () => 'hang';
    const webhook = await first.service.create(testChanger(orgId), {
      url: hook.url,
      events: ['screen.offline'],
    });
    await first.service.emit(orgId, 'screen.offline', {});
    const pass = first.worker.runDue();
    await hook.waitFor(1);
    await first.worker.stop();
    await pass;
    expect((await deliveryOf(webhook.id))[0]).toMatchObject({
      state: 'pending',
      attempts: 0,
      lease_owner: null,
    });
    hook.answer = () => 204;
    const second = setUp(clock).worker;
    await second.runDue();
    await hook.waitFor(2);
    expect((await deliveryOf(webhook.id))[0]).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it('two workers on one database send each delivery exactly once', async () => {
    const clock = testClock();
    const orgId = await newOrg();
    const hook = await receiver();
    const service = new WebhookService({ db: db(), clock });
    const webhooks = [
      await service.create(testChanger(orgId), { url: hook.url, events: ['screen.offline'] }),
      await service.create(testChanger(orgId), { url: `${hook.url}?second`, events: ['screen.offline'] }),
    ];
    const events = 60;
    for (let index = 0; index < events; index++) {
      await service.emit(orgId, 'screen.offline', { index });
    }
    // Each worker on its own connection(s): a second SQLite connection to the file, or the PostgreSQL pool.
    let other = database();
    if (engine === 'sqlite') {
      const file = database().location;
      other = openDatabase({ dataDir: path.dirname(file), sqliteFile: path.basename(file) });
      handles.push(other);
    }
    const [a, b] = [setUp(clock).worker, setUp(clock, { handle: other }).worker];
    const ids = webhooks.map((webhook) => webhook.id);
    const pending = async () =>
      (
        await db()
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('webhook_id', 'in', ids)
          .where('state', '!=', 'delivered')
          .execute()
      ).length;
    for (let guard = 0; guard < 100 && (await pending()) > 0; guard++) {
      await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    }
    expect(await pending()).toBe(0);
    const sent = hook.received.map((request) => request.headers['marquee-delivery']);
    expect(sent).toHaveLength(events * 2);
    expect(new Set(sent).size).toBe(events * 2);
    const attempts = await db()
      .selectFrom('webhook_attempts')
      .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
      .select('webhook_attempts.id')
      .where('webhook_deliveries.webhook_id', 'in', ids)
      .execute();
    expect(attempts).toHaveLength(events * 2);
  });

  it('with real timers, an emitted event goes out at once, not at the next poll', async () => {
    const worker = new DeliveryWorker({
      db: db(),
      clock: Date.now,
      timers: nodeDeliveryTimers,
      onError: () => {},
    });
    workers.push(worker);
    const service = new WebhookService({ db: db(), clock: Date.now, onStored: () => worker.wake() });
    worker.start();
    const orgId = await newOrg();
    const hook = await receiver();
    await service.create(testChanger(orgId), { url: hook.url, events: ['screen.offline'] });
    const started = performance.now();
    await service.emit(orgId, 'screen.offline', {});
    const [request] = await hook.waitFor(1, 4000);
    // Well under the 5 s fallback poll.
    expect(request!.at - started).toBeLessThan(1000);
  });

  it('a pass that fails is reported and tried again at the next poll', async () => {
    // The database refuses the pass's first query, as when it is away a moment.
    let refuse = true;
    const flaky = new Proxy(db(), {
      get(target, name) {
        if (name === 'selectFrom' && refuse) {
          refuse = false;
          throw new Error('database away');
        }
        const value: unknown = Reflect.get(target, name);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const timers = manualTimers();
    const errors: unknown[] = [];
    let reported = () => {};
    const failed = new Promise<void>((resolve) => (reported = resolve));
    const worker = new DeliveryWorker({
      db: flaky,
      clock: testClock(),
      timers,
      pollMs: 5000,
      onError: (error) => {
        errors.push(error);
        reported();
      },
    });
    workers.push(worker);
    worker.start();
    timers.fire();
    await failed;
    expect(errors).toEqual([new Error('database away')]);
    expect(timers.delays()).toEqual([5000]);
    // The next pass goes through.
    timers.fire();
    await worker.runDue();
    expect(errors).toHaveLength(1);
  });

  it('sleeps until the next due delivery, at most the fallback poll, and wakes at once on emit', async () => {
    const clock = testClock();
    const timers = manualTimers();
    const worker = new DeliveryWorker({ db: db(), clock, timers, onError: () => {}, pollMs: 5000 });
    workers.push(worker);
    const service = new WebhookService({ db: db(), clock, onStored: () => worker.wake() });
    worker.start();
    expect(timers.delays()).toEqual([0]);
    timers.fire();
    await worker.runDue();
    // Deliveries of other tests are done or wait a minute or more: the fallback poll.
    expect(timers.delays()).toEqual([5000]);
    const orgId = await newOrg();
    const hook = await receiver();
    await service.create(testChanger(orgId), { url: hook.url, events: ['screen.offline'] });
    await service.emit(orgId, 'screen.offline', {});
    expect(timers.delays()).toEqual([0]);
  });
});
