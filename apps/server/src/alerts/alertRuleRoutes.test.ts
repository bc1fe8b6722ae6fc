// docs/management-api.md §Screen health and alerts: create, list, read, change and delete rules; bad input is a 400 naming the
// field and stores nothing; an operator never reaches another organisation's rules (404, nothing changed).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { pairedScreen, signUpOperator, type PairedScreen } from '../../test/harness/management';

describe('alert rules API', () => {
  let test: TestApp;
  let api: Api;
  let theirs: Api;
  let screen: PairedScreen;
  let foreign: { screenId: string; groupId: string; ruleId: string };
  let ruleId: string;

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null });
    const operator = await signUpOperator(test.app, 'Mine');
    const other = await signUpOperator(test.app, 'Theirs');
    api = operatorApi(test.app, operator);
    theirs = operatorApi(test.app, other);
    screen = await pairedScreen(test.app, operator, 'Kitchen');
    const theirScreen = await pairedScreen(test.app, other, 'Their kitchen');
    foreign = {
      screenId: theirScreen.screenId,
      groupId: (await ok(theirs('POST', '/groups', { name: 'Theirs', screenIds: [theirScreen.screenId] })))
        .id,
      ruleId: (
        await ok(
          theirs('POST', '/alert-rules', {
            name: 'Their rule',
            targets: { all: true },
            offlineAfterSeconds: 300,
            notifyRecovery: true,
            emails: ['ops@theirs.example'],
          }),
        )
      ).id,
    };
  });
  afterAll(async () => {
    await test.close();
  });

  const rule = (extra: object = {}) => ({
    name: 'Kitchen down',
    targets: { screenIds: [screen.screenId] },
    offlineAfterSeconds: 120,
    notifyRecovery: true,
    emails: ['Ops@Example.com'],
    ...extra,
  });

  it('creates, lists, reads, changes and deletes a rule', async () => {
    const created = await api('POST', '/alert-rules', rule());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Kitchen down',
      targets: { all: false, screenIds: [screen.screenId], groupIds: [] },
      offlineAfterSeconds: 120,
      notifyRecovery: true,
      webhookIds: [],
      emails: ['ops@example.com'],
    });
    ruleId = created.body.id as string;
    expect((await ok(api('GET', '/alert-rules'))).alertRules.map((r: { id: string }) => r.id)).toEqual([
      ruleId,
    ]);
    const changed = await ok(
      api('PATCH', `/alert-rules/${ruleId}`, { offlineAfterSeconds: 600, targets: { all: true } }),
    );
    expect(changed).toMatchObject({ offlineAfterSeconds: 600, targets: { all: true, screenIds: [] } });
    expect(await ok(api('GET', `/alert-rules/${ruleId}`))).toEqual(changed);
    const temporary = await ok(api('POST', '/alert-rules', rule({ name: 'Temporary' })));
    expect(await ok(api('DELETE', `/alert-rules/${temporary.id}`))).toEqual({ deleted: temporary.id });
    expect((await api('GET', `/alert-rules/${temporary.id}`)).status).toBe(404);
  });

  const cases: [string, () => [method: 'POST' | 'PATCH', url: string, payload: object], string][] = [
    [
      'a threshold under 60 s',
      () => ['POST', '/alert-rules', rule({ offlineAfterSeconds: 59 })],
      'offlineAfterSeconds',
    ],
    [
      'a threshold over 48 hours',
      () => ['POST', '/alert-rules', rule({ offlineAfterSeconds: 172_801 })],
      'offlineAfterSeconds',
    ],
    [
      'a threshold that is no whole number',
      () => ['POST', '/alert-rules', rule({ offlineAfterSeconds: 90.5 })],
      'offlineAfterSeconds',
    ],
    [
      'a change to a threshold out of range',
      () => ['PATCH', `/alert-rules/${ruleId}`, { offlineAfterSeconds: 10 }],
      'offlineAfterSeconds',
    ],
    [
      'an email that is none',
      () => ['POST', '/alert-rules', rule({ emails: ['ok@example.com', 'nope'] })],
      'emails.1',
    ],
    [
      'an email with a space',
      () => ['POST', '/alert-rules', rule({ emails: ['a b@example.com'] })],
      'emails.0',
    ],
    [
      'a webhook id that is none',
      () => ['POST', '/alert-rules', rule({ webhookIds: ['x'] })],
      'webhookIds.0',
    ],
    ['no name', () => ['POST', '/alert-rules', rule({ name: '  ' })], 'name'],
    ['no targets', () => ['POST', '/alert-rules', rule({ targets: {} })], 'targets'],
    ['all: false', () => ['POST', '/alert-rules', rule({ targets: { all: false } })], 'targets'],
    [
      'an unknown screen',
      () => ['POST', '/alert-rules', rule({ targets: { screenIds: [screen.screenId, 'no-such-screen'] } })],
      'targets.screenIds.1',
    ],
    [
      "another organisation's screen",
      () => ['POST', '/alert-rules', rule({ targets: { screenIds: [foreign.screenId] } })],
      'targets.screenIds.0',
    ],
    [
      "another organisation's group",
      () => ['POST', '/alert-rules', rule({ targets: { groupIds: [foreign.groupId] } })],
      'targets.groupIds.0',
    ],
    ['an unknown field', () => ['POST', '/alert-rules', rule({ severity: 'high' })], 'severity?'],
    ['an empty change', () => ['PATCH', `/alert-rules/${ruleId}`, {}], ''],
  ];

  it.each(cases)('%s: 400 naming the field, nothing stored', async (_name, call, field) => {
    const before = await ok(api('GET', '/alert-rules'));
    const [method, url, payload] = call();
    const answer = await api(method, url, payload);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    // An unknown member is named in the message (the field of such an answer is the body itself).
    if (field.endsWith('?')) expect(answer.body.error.message).toContain(field.slice(0, -1));
    else if (field !== '') expect(answer.body.error.field).toBe(field);
    expect(await ok(api('GET', '/alert-rules'))).toEqual(before);
  });

  it("never reaches another organisation's rule", async () => {
    const before = await ok(theirs('GET', `/alert-rules/${foreign.ruleId}`));
    expect((await api('GET', `/alert-rules/${foreign.ruleId}`)).status).toBe(404);
    expect((await api('PATCH', `/alert-rules/${foreign.ruleId}`, { name: 'Mine now' })).status).toBe(404);
    expect((await api('DELETE', `/alert-rules/${foreign.ruleId}`)).status).toBe(404);
    expect((await ok(api('GET', '/alert-rules'))).alertRules.map((r: { id: string }) => r.id)).not.toContain(
      foreign.ruleId,
    );
    expect((await api('GET', `/screens/${foreign.screenId}/uptime`)).status).toBe(404);
    expect(await ok(theirs('GET', `/alert-rules/${foreign.ruleId}`))).toEqual(before);
  });
});
