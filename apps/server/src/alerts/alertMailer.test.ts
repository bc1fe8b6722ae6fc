// Alert emails against a real SMTP server started by the test: notices due for one address within the batch window
// go in one email whose subject counts them; each address gets its own; an unreachable server is reported, never
// thrown at the alert engine.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../test/harness/smtp';
import { AlertMailer, smtpTransport, type MailTimers } from './alertMailer';
import type { AlertRule } from './alertRuleService';

const rule: AlertRule = {
  id: 'r1',
  orgId: 'o1',
  name: 'Lobby screens',
  targets: { all: true, screenIds: [], groupIds: [] },
  offlineAfterSeconds: 120,
  notifyRecovery: true,
  webhookIds: [],
  emails: [],
};
const SINCE = Date.UTC(2026, 2, 29, 0, 59, 0);

/** Timers the test fires by hand: the batch window closes when the test says so. */
function manualTimers(): MailTimers & { fire(): void; pending: number } {
  const due = new Map<number, () => void>();
  let next = 0;
  return {
    setTimeout(run) {
      due.set(++next, run);
      return next;
    },
    clearTimeout: (handle) => due.delete(handle as number),
    fire() {
      const runs = [...due.values()];
      due.clear();
      for (const run of runs) run();
    },
    get pending() {
      return due.size;
    },
  };
}

describe('alert emails', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('batches the notices due for each address into one email with a counting subject', async () => {
    const errors: unknown[] = [];
    const timers = manualTimers();
    const mailer = new AlertMailer({
      transport: smtpTransport(smtp.url),
      from: 'Marquee <alerts@signage.example>',
      timers,
      onError: (error) => errors.push(error),
    });
    for (const name of ['Lobby', 'Cafe', 'Gate 3']) {
      mailer.enqueue(['ops@example.com'], {
        kind: 'offline',
        rule,
        screenId: name,
        screenName: name,
        since: SINCE,
      });
    }
    mailer.enqueue(['boss@example.com'], {
      kind: 'offline',
      rule,
      screenId: 'x',
      screenName: 'Lobby',
      since: SINCE,
    });
    expect(timers.pending).toBe(2); // one window per address
    expect(smtp.received).toEqual([]);
    timers.fire();
    await mailer.close();
    expect(errors).toEqual([]);
    const byRecipient = new Map(smtp.received.map((mail) => [mail.to.join(','), mail]));
    expect(smtp.received).toHaveLength(2);
    const ops = byRecipient.get('ops@example.com')!;
    expect(ops.from).toBe('alerts@signage.example');
    expect(ops.subject).toBe('Marquee: 3 screens offline');
    expect(ops.text).toContain('Lobby is offline since 2026-03-29T00:59:00.000Z (rule "Lobby screens").');
    expect(ops.text).toContain('Cafe is offline since');
    expect(ops.text).toContain('Gate 3 is offline since');
    expect(byRecipient.get('boss@example.com')!.subject).toBe('Marquee: 1 screen offline');
  });

  it('says what a mixed batch holds: an incident, recoveries', async () => {
    smtp.received.length = 0;
    const mailer = new AlertMailer({
      transport: smtpTransport(smtp.url),
      from: 'alerts@signage.example',
      timers: manualTimers(),
      onError: () => {},
    });
    mailer.enqueue(['ops@example.com'], {
      kind: 'incident',
      incidentId: 'i1',
      orgId: 'o1',
      startedAt: SINCE,
      screens: [
        { id: 'a', name: 'Lobby' },
        { id: 'b', name: 'Cafe' },
      ],
      fleetSize: 4,
    });
    mailer.enqueue(['ops@example.com'], {
      kind: 'online',
      rule,
      screenId: 'c',
      screenName: 'Gate 3',
      since: SINCE,
      at: SINCE + 600_000,
    });
    await mailer.close(); // closing sends what is batched
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      'Marquee: fleet incident (2 screens offline), 1 screen back online',
    ]);
    expect(smtp.received[0]!.text).toContain(
      'Fleet incident: 2 of 4 screens went offline from 2026-03-29T00:59:00.000Z: Lobby, Cafe.',
    );
    expect(smtp.received[0]!.text).toContain('Gate 3 is back online at 2026-03-29T01:09:00.000Z');
  });

  it('reports an SMTP server that does not answer instead of throwing', async () => {
    const errors: unknown[] = [];
    const mailer = new AlertMailer({
      transport: smtpTransport('smtp://127.0.0.1:1'),
      from: 'alerts@signage.example',
      timers: manualTimers(),
      onError: (error) => errors.push(error),
    });
    mailer.enqueue(['ops@example.com'], {
      kind: 'offline',
      rule,
      screenId: 'a',
      screenName: 'Lobby',
      since: SINCE,
    });
    await mailer.close();
    expect(errors).toHaveLength(1);
  });
});
