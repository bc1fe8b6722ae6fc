// The domain events delivered to webhooks (docs/webhooks.md §Events), end to end through the real app and a real
// receiver: a player acknowledging a command sends command.acknowledged naming the command; an override sends
// override.applied when it is issued and once more, once, when every targeted screen has applied it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, webhookSignatureValid, type WebhookReceiver } from '@marquee/testbed';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { bearer, pairedScreen, signUpOperator, type PairedScreen } from '../../test/harness/management';

const HOUR_MS = 60 * 60 * 1000;

describe('domain events to webhooks', () => {
  let test: TestApp;
  let api: Api;
  let hook: WebhookReceiver;
  let secret: string;
  let a: PairedScreen;
  let b: PairedScreen;

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null, webhookTimers: null });
    const operator = await signUpOperator(test.app, 'Events');
    api = operatorApi(test.app, operator);
    hook = await startWebhookReceiver();
    a = await pairedScreen(test.app, operator, 'A');
    b = await pairedScreen(test.app, operator, 'B');
    secret = (
      await ok(
        api('POST', '/webhooks', { url: hook.url, events: ['command.acknowledged', 'override.applied'] }),
      )
    ).secret;
  });
  afterAll(async () => {
    await hook.close();
    await test.close();
  });

  /** What the receiver got since `from`, after the worker has sent what is due; every one correctly signed. */
  const sent = async (from: number) => {
    await test.app.services.webhookWorker.runDue();
    return hook.received.slice(from).map((request) => {
      expect(
        webhookSignatureValid(secret, request.headers['marquee-signature'] as string, request.body),
      ).toBe(true);
      return {
        eventId: request.headers['marquee-event-id'],
        ...(JSON.parse(request.body) as { event: string; data: Record<string, unknown> }),
      };
    });
  };
  const player = (screen: PairedScreen, path: string, payload?: object) =>
    test.app.inject({
      method: 'POST',
      url: `/_internal/players/${screen.player.id}/${path}`,
      headers: bearer(screen.player.auth.apiToken),
      ...(payload === undefined ? {} : { payload }),
    });

  it('command.acknowledged names the screen, the command and its id when the player acknowledges', async () => {
    const from = hook.received.length;
    const raised = await ok(
      api('POST', `/screens/${a.screenId}/commands`, { command: 'update_device_info' }),
    );
    expect(await sent(from)).toEqual([]);
    test.clock.advance(5000);
    expect((await player(a, 'update_device_info')).statusCode).toBe(200);
    expect(await sent(from)).toEqual([
      {
        eventId: `command.acknowledged.${raised.id}`,
        id: `command.acknowledged.${raised.id}`,
        event: 'command.acknowledged',
        createdAt: test.clock(),
        data: {
          screenId: a.screenId,
          playerId: a.player.id,
          command: 'update_device_info',
          commandId: raised.id,
          acknowledgedAt: test.clock(),
        },
      },
    ]);
    // Acknowledging again settles no command: told without a commandId, never the same command twice.
    expect((await player(a, 'update_device_info')).statusCode).toBe(200);
    const again = await sent(from + 1);
    expect(again).toHaveLength(1);
    expect(again[0]!.data).toMatchObject({ command: 'update_device_info', commandId: null });
  });

  it('override.applied: once when issued, and once when every targeted screen has applied it', async () => {
    const from = hook.received.length;
    const fire = await ok(
      api('POST', '/overrides', {
        name: 'Fire',
        message: 'Leave the building',
        targets: { screenIds: [a.screenId, b.screenId] },
        expiresAt: test.clock() + HOUR_MS,
      }),
    );
    const issued = await sent(from);
    expect(issued).toEqual([
      {
        eventId: `override.applied.${fire.id}.issued`,
        id: `override.applied.${fire.id}.issued`,
        event: 'override.applied',
        createdAt: test.clock(),
        data: {
          overrideId: fire.id,
          name: 'Fire',
          stage: 'issued',
          targeted: 2,
          applied: 0,
          complete: false,
          expiresAt: fire.expiresAt,
        },
      },
    ]);
    const versionOf = async (screen: PairedScreen) =>
      ((await ok(api('GET', `/screens/${screen.screenId}`))).timeline as { version: number }).version;
    const heartbeat = async (screen: PairedScreen, contentVersion: number) =>
      expect((await player(screen, 'heartbeat', { uptime: 1, contentVersion })).statusCode).toBeLessThan(300);

    await heartbeat(a, await versionOf(a));
    await heartbeat(b, (await versionOf(b)) - 1);
    expect(await sent(from + 1)).toEqual([]);
    await heartbeat(b, await versionOf(b));
    const complete = await sent(from + 1);
    expect(complete).toHaveLength(1);
    expect(complete[0]).toMatchObject({
      eventId: `override.applied.${fire.id}.complete`,
      data: { overrideId: fire.id, stage: 'complete', targeted: 2, applied: 2, complete: true },
    });
    // Later reports (the same version, or a newer one still carrying it) send nothing more.
    await heartbeat(b, await versionOf(b));
    await ok(api('PATCH', `/screens/${a.screenId}`, { content: 'https://example.com/later' }));
    await heartbeat(a, await versionOf(a));
    expect(await sent(from + 2)).toEqual([]);
  });
});
