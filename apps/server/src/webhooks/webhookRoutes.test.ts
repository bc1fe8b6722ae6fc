// /api/v1/webhooks as an integrator uses it (docs/webhooks.md, docs/management-api.md §Webhooks): the secret is
// answered once and signs what the receiver gets; the list never shows it; a test event reaches the webhook; the
// deliveries show each attempt; deleting takes the pending deliveries along. Bad input is a 400 naming the field
// and changes nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@marquee/management-api';
import { startWebhookReceiver, webhookSignatureValid, type WebhookReceiver } from '@marquee/testbed';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { bearer, signUpOperator, type TestOperator } from '../../test/harness/management';

describe('webhook routes', () => {
  let test: TestApp;
  let api: Api;
  let operator: TestOperator;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null, webhookTimers: null });
    operator = await signUpOperator(test.app, 'Hooks');
    api = operatorApi(test.app, operator);
    hook = await startWebhookReceiver();
  });
  afterAll(async () => {
    await hook.close();
    await test.close();
  });

  const stored = async () => ({
    webhooks: await test.app.services.db.selectFrom('webhooks').selectAll().execute(),
    deliveries: await test.app.services.db.selectFrom('webhook_deliveries').selectAll().execute(),
  });

  it('answers the secret once; the test event arrives signed with it; deliveries show the attempt', async () => {
    const created = await api('POST', '/webhooks', {
      url: hook.url,
      events: ['screen.online', 'screen.offline'],
      description: 'Ops pager',
    });
    expect(created.status).toBe(201);
    const { id, secret } = created.body as { id: string; secret: string };
    expect(created.body).toMatchObject({
      url: hook.url,
      // In the order of the event list, whatever the order asked.
      events: ['screen.offline', 'screen.online'],
      description: 'Ops pager',
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const list = await ok(api('GET', '/webhooks'));
    expect(list.webhooks).toEqual([
      {
        id,
        url: hook.url,
        events: ['screen.offline', 'screen.online'],
        description: 'Ops pager',
        createdAt: test.clock(),
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(secret);

    const sent = await api('POST', `/webhooks/${id}/test`);
    expect(sent.status).toBe(202);
    await test.app.services.webhookWorker.runDue();
    const [request] = await hook.waitFor(1);
    expect(request!.headers['marquee-event']).toBe('webhook.test');
    expect(request!.headers['marquee-event-id']).toBe(sent.body.eventId);
    expect(request!.headers['marquee-delivery']).toBe(sent.body.deliveryId);
    expect(
      webhookSignatureValid(secret, request!.headers['marquee-signature'] as string, request!.body),
    ).toBe(true);
    expect(JSON.parse(request!.body)).toMatchObject({ event: 'webhook.test', data: { webhookId: id } });

    const deliveries = await ok(api('GET', `/webhooks/${id}/deliveries`));
    expect(deliveries).toMatchObject({
      deliveries: [
        {
          id: sent.body.deliveryId,
          eventId: sent.body.eventId,
          event: 'webhook.test',
          state: 'delivered',
          nextAttemptAt: null,
          attempts: [{ at: test.clock(), statusCode: 200, error: null, nextRetryAt: null }],
        },
      ],
      nextCursor: null,
    });
  });

  it('pages deliveries newest first', async () => {
    const { id } = await ok(api('POST', '/webhooks', { url: hook.url, events: ['fleet.incident'] }));
    for (let index = 0; index < 5; index++) {
      await test.app.services.webhooks.emit(operator.orgId, 'fleet.incident', { index });
      test.clock.advance(1000);
    }
    const first = await ok(api('GET', `/webhooks/${id}/deliveries?limit=2`));
    expect(first.deliveries.map((d: { createdAt: number }) => d.createdAt)).toEqual([
      test.clock() - 1000,
      test.clock() - 2000,
    ]);
    const second = await ok(api('GET', `/webhooks/${id}/deliveries?limit=2&cursor=${first.nextCursor}`));
    const third = await ok(api('GET', `/webhooks/${id}/deliveries?limit=2&cursor=${second.nextCursor}`));
    expect(third.deliveries).toHaveLength(1);
    expect(third.nextCursor).toBeNull();
    const all = [...first.deliveries, ...second.deliveries, ...third.deliveries].map((d) => d.id);
    expect(new Set(all).size).toBe(5);
    for (const [query, field] of [
      ['cursor=nope', 'cursor'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=many', 'limit'],
    ]) {
      expect(await api('GET', `/webhooks/${id}/deliveries?${query}`), query).toMatchObject({
        status: 400,
        body: { error: { field } },
      });
    }
  });

  it('deleting a webhook takes its pending deliveries along; it is gone for every route', async () => {
    const { id } = await ok(api('POST', '/webhooks', { url: hook.url, events: ['override.applied'] }));
    await test.app.services.webhooks.emit(operator.orgId, 'override.applied', { overrideId: 'o' });
    expect((await stored()).deliveries.some((row) => row.webhook_id === id)).toBe(true);
    expect(await api('DELETE', `/webhooks/${id}`)).toEqual({ status: 200, body: { deleted: id } });
    expect((await stored()).deliveries.some((row) => row.webhook_id === id)).toBe(false);
    for (const [method, url] of [
      ['DELETE', `/webhooks/${id}`],
      ['GET', `/webhooks/${id}/deliveries`],
      ['POST', `/webhooks/${id}/test`],
    ] as const) {
      expect(await api(method, url)).toMatchObject({
        status: 404,
        body: { error: { code: 'WEBHOOK_NOT_FOUND' } },
      });
    }
  });

  it('allows LAN and loopback receivers, http and https', async () => {
    for (const url of [
      'http://192.168.1.20:8080/hook',
      'https://10.0.0.5/x',
      'http://localhost:3000',
      'https://[::1]/h',
    ]) {
      const created = await api('POST', '/webhooks', { url, events: ['screen.offline'] });
      expect(created.status, url).toBe(201);
      await ok(api('DELETE', `/webhooks/${(created.body as { id: string }).id}`));
    }
  });

  describe('bad input', () => {
    const cases: [string, unknown, string, RegExp][] = [
      [
        'a URL that is not http(s)',
        { url: 'ftp://example.com/x', events: ['screen.offline'] },
        'url',
        /http or https/,
      ],
      [
        'a javascript: URL',
        { url: 'javascript:alert(1)', events: ['screen.offline'] },
        'url',
        /http or https/,
      ],
      ['no URL at all', { events: ['screen.offline'] }, 'url', /./],
      ['a relative URL', { url: '/hook', events: ['screen.offline'] }, 'url', /absolute/],
      [
        'a URL with a password',
        { url: 'https://u:p@example.com/', events: ['screen.offline'] },
        'url',
        /password/,
      ],
      [
        'a URL too long',
        { url: `https://example.com/${'a'.repeat(2100)}`, events: ['screen.offline'] },
        'url',
        /2048/,
      ],
      ['no events', { url: 'https://example.com/', events: [] }, 'events', /at least one/],
      ['events not a list', { url: 'https://example.com/', events: 'screen.offline' }, 'events', /./],
      [
        'an unknown event',
        { url: 'https://example.com/', events: ['screen.offline', 'screen.exploded'] },
        'events.1',
        /unknown event "screen.exploded"/,
      ],
      [
        'the test event (not subscribable)',
        { url: 'https://example.com/', events: ['webhook.test'] },
        'events.0',
        /unknown/,
      ],
      [
        'an unknown field',
        { url: 'https://example.com/', events: ['screen.offline'], secret: 'mine' },
        '',
        /secret/,
      ],
      [
        'a description too long',
        { url: 'https://example.com/', events: ['screen.offline'], description: 'x'.repeat(201) },
        'description',
        /./,
      ],
    ];
    it.each(cases)('%s: 400 naming the field, nothing stored', async (_title, payload, field, message) => {
      const before = await stored();
      const answer = await api('POST', '/webhooks', payload);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(message);
      if (field !== '') expect(answer.body.error.field).toBe(field);
      expect(await stored()).toEqual(before);
    });

    it('a body that is not JSON, and an id that is not one: 400', async () => {
      const before = await stored();
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: { ...bearer(operator.token), 'content-type': 'application/json' },
        payload: '{"url": "https://example.com/", "events": [',
      });
      expect(response.statusCode).toBe(400);
      expect(await stored()).toEqual(before);
      expect(await api('DELETE', '/webhooks/not-an-id')).toMatchObject({
        status: 400,
        body: { error: { field: 'id' } },
      });
      expect(await api('GET', '/webhooks/..%2F/deliveries')).toMatchObject({ status: 400 });
    });

    it(`an organisation has at most 20 webhooks: the 21st is a 409 and stores nothing`, async () => {
      const own = operatorApi(test.app, await signUpOperator(test.app, 'Many hooks'));
      for (let index = 0; index < 20; index++) {
        await ok(
          own('POST', '/webhooks', { url: `${hook.url}?n=${index}`, events: [...WEBHOOK_EVENT_TYPES] }),
        );
      }
      const before = await stored();
      expect(await own('POST', '/webhooks', { url: hook.url, events: ['screen.offline'] })).toMatchObject({
        status: 409,
        body: { error: { code: 'TOO_MANY_WEBHOOKS' } },
      });
      expect(await stored()).toEqual(before);
    });
  });
});
