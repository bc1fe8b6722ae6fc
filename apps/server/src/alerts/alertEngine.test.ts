// Alert rules acting on screen health with faked time, on both engines (docs/screen-health.md §Alert rules): no
// alert during the start grace; an offline alert once per outage, within the rule's threshold + 30 s (measured),
// also across a restart; a recovery notice only after an alert and when the rule asks; a mass outage is one fleet
// incident and one notice of its end; rule emails go through a real SMTP server.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorApi, ok } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { collectingSink, setConnection, type Emitted } from '../../test/harness/health';
import {
  pairedScreen,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from '../../test/harness/management';
import { startSmtpServer, type TestSmtpServer } from '../../test/harness/smtp';
import { HealthMonitor } from '../health/healthMonitor';
import { HEALTH_SWEEP_MS, sweepHealth } from '../health/healthSweep';
import { AlertEngine } from './alertEngine';
import { AlertMailer, smtpTransport } from './alertMailer';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe.each(['sqlite', 'postgres'] as const)('alert engine (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let smtp: TestSmtpServer;
  let mailer: AlertMailer;
  let node: { monitor: HealthMonitor; alerts: AlertEngine };
  let operator: TestOperator;
  let lobby: PairedScreen;
  let cafe: PairedScreen;
  const sink = collectingSink();
  /** The organisations' webhooks the rules name (the engine's deliveries go to the collecting sink). */
  const webhook = { quick: '', slow: '', fleet: '' };
  const addWebhook = async (as: TestOperator) =>
    (
      await ok<{ id: string }>(
        operatorApi(test.app, as)('POST', '/webhooks', {
          url: 'http://127.0.0.1:9/alerts',
          events: ['screen.offline'],
        }),
      )
    ).id;
  let t0: number;

  /** A node of the server: its own monitor (started now) and alert engine on the shared database. */
  const startNode = () => {
    const onError = (error: unknown) => {
      throw error;
    };
    const offlineAfterMs = 90 * SECOND;
    const monitor = new HealthMonitor({
      db: database.handle.db,
      dialect: database.handle.dialect,
      clock: test.clock,
      events: sink,
      offlineAfterMs,
      onError,
    });
    const alerts = new AlertEngine({
      db: database.handle.db,
      rules: test.app.services.alertRules,
      events: sink,
      mailer,
      onError,
    });
    return { monitor, alerts };
  };
  /** The sweep timer firing every 10 s until `until` (the test clock's time). */
  const sweepUntil = async (until: number, onTick?: () => Promise<void>) => {
    while (test.clock() + HEALTH_SWEEP_MS <= until) {
      test.clock.advance(HEALTH_SWEEP_MS);
      await onTick?.();
      await sweepHealth(node.monitor, (result) => node.alerts.evaluate(result));
    }
  };
  const alertsOf = (orgId: string, webhookId: string) =>
    sink.emitted.filter((event) => event.orgId === orgId && event.options.webhookIds?.includes(webhookId));
  const summary = (events: Emitted[]) =>
    events.map((event) => [event.event, (event.data.screen as { name: string } | undefined)?.name]);

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    smtp = await startSmtpServer();
    test = await startTestApp({ database: database.handle, sweepTimers: null });
    mailer = new AlertMailer({
      transport: smtpTransport(smtp.url),
      from: 'alerts@signage.example',
      onError: () => {},
    });
    operator = await signUpOperator(test.app, 'Alerting Org');
    lobby = await pairedScreen(test.app, operator, 'Lobby');
    cafe = await pairedScreen(test.app, operator, 'Cafe');
    const api = operatorApi(test.app, operator);
    webhook.quick = await addWebhook(operator);
    webhook.slow = await addWebhook(operator);
    await ok(
      api('POST', '/alert-rules', {
        name: 'Lobby quick',
        targets: { screenIds: [lobby.screenId] },
        offlineAfterSeconds: 60,
        notifyRecovery: true,
        webhookIds: [webhook.quick],
        emails: ['ops@example.com'],
      }),
    );
    await ok(
      api('POST', '/alert-rules', {
        name: 'Everything slow',
        targets: { all: true },
        offlineAfterSeconds: 300,
        notifyRecovery: false,
        webhookIds: [webhook.slow],
      }),
    );
    t0 = test.clock();
    node = startNode();
    await setConnection(test.app, lobby.player.id, true, t0);
    await setConnection(test.app, cafe.player.id, true, t0);
  });
  afterAll(async () => {
    await mailer.close();
    await test.close();
    await smtp.close();
    await database.dispose();
  });

  it('sends nothing during the start grace, then alerts an outage that began in it', async () => {
    await setConnection(test.app, lobby.player.id, false, t0 + 5 * SECOND);
    await sweepUntil(t0 + 115 * SECOND);
    expect(sink.emitted).toEqual([]);
    await sweepUntil(t0 + 130 * SECOND);
    expect(summary(alertsOf(operator.orgId, webhook.quick))).toEqual([['screen.offline', 'Lobby']]);
    expect(alertsOf(operator.orgId, webhook.quick)[0]!.data).toMatchObject({
      rule: { name: 'Lobby quick', offlineAfterSeconds: 60 },
      offlineSince: new Date(t0 + 5 * SECOND).toISOString(),
    });
  });

  it('sends a recovery only after an alert went out, and only when the rule asks', async () => {
    // The slow rule never alerted this outage (195 s < 300 s): only the quick rule tells it is back.
    await setConnection(test.app, lobby.player.id, true, t0 + 200 * SECOND);
    await sweepUntil(t0 + 210 * SECOND);
    expect(summary(alertsOf(operator.orgId, webhook.quick))).toEqual([
      ['screen.offline', 'Lobby'],
      ['screen.online', 'Lobby'],
    ]);
    expect(alertsOf(operator.orgId, webhook.slow)).toEqual([]);
  });

  it('alerts within the threshold + 30 s, once per outage, also after a restart', async () => {
    sink.emitted.length = 0;
    const wentAway = t0 + 403 * SECOND; // between two sweeps
    await setConnection(test.app, lobby.player.id, false, wentAway);
    let alertedAt: number | null = null;
    await sweepUntil(wentAway + 3 * MINUTE, async () => {
      if (alertedAt === null && alertsOf(operator.orgId, webhook.quick).length > 0) alertedAt = test.clock();
    });
    const latency = alertedAt! - HEALTH_SWEEP_MS - wentAway; // noticed at the sweep before the tick that saw it
    console.info(`offline alert (threshold 60 s) left ${latency / SECOND} s after the screen went away`);
    expect(latency).toBeGreaterThanOrEqual(60 * SECOND);
    expect(latency).toBeLessThanOrEqual(90 * SECOND);
    node = startNode(); // a restart: a new node, in its grace, then acting on the same outage
    await sweepUntil(wentAway + 20 * MINUTE);
    expect(summary(alertsOf(operator.orgId, webhook.quick))).toEqual([['screen.offline', 'Lobby']]);
    // The slow rule alerted too, once, and (not asking for recoveries) says nothing when it is back.
    expect(summary(alertsOf(operator.orgId, webhook.slow))).toEqual([['screen.offline', 'Lobby']]);
    await setConnection(test.app, lobby.player.id, true, wentAway + 21 * MINUTE);
    await sweepUntil(wentAway + 22 * MINUTE);
    expect(summary(alertsOf(operator.orgId, webhook.quick))).toEqual([
      ['screen.offline', 'Lobby'],
      ['screen.online', 'Lobby'],
    ]);
    expect(alertsOf(operator.orgId, webhook.slow)).toHaveLength(1);
  });

  it('two nodes sweeping at once send one alert per outage', async () => {
    const wentAway = test.clock() + 1000;
    await setConnection(test.app, cafe.player.id, false, wentAway);
    const other = startNode();
    const sweepBoth = () =>
      Promise.all(
        [node, other].map((each) => sweepHealth(each.monitor, (result) => each.alerts.evaluate(result))),
      );
    test.clock.advance(3 * MINUTE);
    while (test.clock() < wentAway + 8 * MINUTE) {
      test.clock.advance(HEALTH_SWEEP_MS);
      await sweepBoth();
    }
    const cafeAlerts = alertsOf(operator.orgId, webhook.slow).filter(
      (event) => (event.data.screen as { name: string }).name === 'Cafe',
    );
    expect(cafeAlerts).toHaveLength(1);
    expect(cafeAlerts[0]!.options.eventId).toMatch(
      new RegExp(`^alert\\.offline:\\w+:${cafe.screenId}:${wentAway}$`),
    );
    const transitions = sink.emitted.filter(
      (event) =>
        event.event === 'screen.offline' &&
        event.options.webhookIds === undefined &&
        event.data.screenId === cafe.screenId,
    );
    expect(transitions).toHaveLength(1);
  });

  it('emails what the rules send to their addresses', async () => {
    await mailer.flush();
    const ops = smtp.received.filter((mail) => mail.to.includes('ops@example.com'));
    expect(ops.length).toBeGreaterThan(0);
    const text = ops.map((mail) => mail.text).join('\n');
    expect(text).toContain('Lobby is offline since');
    expect(text).toContain('Lobby is back online at');
  });

  it('a mass outage is one fleet incident, not one alert per screen, and one notice when it is over', async () => {
    const fleetOperator = await signUpOperator(test.app, 'Fleet Org');
    const screens = await Promise.all(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => pairedScreen(test.app, fleetOperator, `Fleet ${name}`)),
    );
    webhook.fleet = await addWebhook(fleetOperator);
    await ok(
      operatorApi(test.app, fleetOperator)('POST', '/alert-rules', {
        name: 'Fleet',
        targets: { all: true },
        offlineAfterSeconds: 60,
        notifyRecovery: true,
        webhookIds: [webhook.fleet],
      }),
    );
    const start = test.clock();
    for (const screen of screens) await setConnection(test.app, screen.player.id, true, start);
    await sweepUntil(start + MINUTE);
    // Four go at once, a fifth 40 s later (within the 2 minutes); one stays.
    for (const screen of screens.slice(0, 4))
      await setConnection(test.app, screen.player.id, false, start + 61 * SECOND);
    await sweepUntil(start + 101 * SECOND);
    await setConnection(test.app, screens[4]!.player.id, false, start + 101 * SECOND);
    await sweepUntil(start + 10 * MINUTE);
    const fleet = alertsOf(fleetOperator.orgId, webhook.fleet);
    expect(fleet.map((event) => [event.event, event.data.status, event.data.screenCount])).toEqual([
      ['fleet.incident', 'open', 4],
    ]);
    expect(fleet[0]!.data.fleetSize).toBe(6);
    for (const screen of screens.slice(0, 5))
      await setConnection(test.app, screen.player.id, true, start + 11 * MINUTE);
    await sweepUntil(start + 12 * MINUTE);
    expect(
      alertsOf(fleetOperator.orgId, webhook.fleet).map((event) => [event.event, event.data.status]),
    ).toEqual([
      ['fleet.incident', 'open'],
      ['fleet.incident', 'recovered'],
    ]);
  });
});
