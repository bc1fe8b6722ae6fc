// docs/security.md §Operators for webhooks: operator A reaches none of organisation B's webhooks (every route on one
// answers 404 as if it did not exist), sees none in the list, and nothing of B's changes.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { signUpOperator, type TestOperator } from '../../test/harness/management';

describe('webhook organisation isolation', () => {
  let test: TestApp;
  let a: Api;
  let aOperator: TestOperator;
  let b: TestOperator;
  let bWebhookId: string;

  const snapshotOfB = async () => ({
    webhooks: await test.app.services.db
      .selectFrom('webhooks')
      .selectAll()
      .where('org_id', '=', b.orgId)
      .execute(),
    deliveries: await test.app.services.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('org_id', '=', b.orgId)
      .execute(),
  });

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null, webhookTimers: null });
    aOperator = await signUpOperator(test.app, 'Org A');
    a = operatorApi(test.app, aOperator);
    b = await signUpOperator(test.app, 'Org B');
    bWebhookId = (
      await ok(
        operatorApi(test.app, b)('POST', '/webhooks', {
          url: 'http://10.1.1.1/b',
          events: ['screen.offline'],
        }),
      )
    ).id;
    await test.app.services.webhooks.emit(b.orgId, 'screen.offline', { screenId: 'b1' });
  });
  afterAll(async () => {
    await test.close();
  });

  it("A's list does not show B's webhook", async () => {
    await ok(a('POST', '/webhooks', { url: 'http://10.1.1.1/a', events: ['screen.offline'] }));
    const list = await ok(a('GET', '/webhooks'));
    expect(list.webhooks.map((webhook: { id: string }) => webhook.id)).not.toContain(bWebhookId);
    expect(list.webhooks).toHaveLength(1);
  });

  it("every route on B's webhook answers A 404 and changes nothing", async () => {
    const before = await snapshotOfB();
    for (const [method, url] of [
      ['GET', `/webhooks/${bWebhookId}/deliveries`],
      ['POST', `/webhooks/${bWebhookId}/test`],
      ['DELETE', `/webhooks/${bWebhookId}`],
    ] as const) {
      expect(await a(method, url), `${method} ${url}`).toMatchObject({
        status: 404,
        body: { error: { code: 'WEBHOOK_NOT_FOUND' } },
      });
    }
    expect(await snapshotOfB()).toEqual(before);
    expect(before.webhooks).toHaveLength(1);
    expect(before.deliveries).toHaveLength(1);
  });

  it("an event of A's organisation never reaches B's webhook", async () => {
    const before = await snapshotOfB();
    const { webhooks } = test.app.services;
    await webhooks.emit(aOperator.orgId, 'screen.offline', {}, { webhookIds: [bWebhookId] });
    await webhooks.emit(aOperator.orgId, 'screen.offline', {});
    expect(await snapshotOfB()).toEqual(before);
  });
});
