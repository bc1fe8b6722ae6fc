// Screen health reaching an integrator (docs/screen-health.md, docs/webhooks.md): a real player in Chromium is closed
// and a webhook receiver on this machine gets a signed `screen.offline` within the offline threshold + 30 s, then
// `screen.online` when the player is opened again. The server runs with a 30 s threshold
// (MARQUEE_OFFLINE_AFTER_SECONDS); its first 2 minutes are the start grace, in which no outage is announced, so the
// player is closed only after it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, webhookSignatureValid, type WebhookReceiver } from '@marquee/testbed';
import { useStage } from '../harness/stage';
import { api, pairedPlayer, signUp } from './player.support';

const OFFLINE_AFTER_SECONDS = 30;
/** No announcement in a node's first two heartbeat periods (apps/server/src/health/healthMonitor.ts). */
const START_GRACE_MS = 2 * 60_000;

const stage = useStage(['player', 'content'], {
  env: { MARQUEE_OFFLINE_AFTER_SECONDS: String(OFFLINE_AFTER_SECONDS) },
  prepare: async ({ server }) => ({ operator: await signUp(server) }),
});

let receiver: WebhookReceiver;
/** No earlier than the server's start (the stage's beforeAll has run). */
let serverUpAt: number;
beforeAll(async () => {
  serverUpAt = Date.now();
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

interface Delivery {
  event: string;
  data: { screenId: string; state: string; since: string };
}

/** The receiver's deliveries of an event, each checked against the webhook's secret. */
function deliveriesOf(event: string, secret: string): Delivery[] {
  return receiver.received
    .filter((request) => request.headers['marquee-event'] === event)
    .map((request) => {
      expect(
        webhookSignatureValid(secret, request.headers['marquee-signature'] as string, request.body),
      ).toBe(true);
      return JSON.parse(request.body) as Delivery;
    });
}

async function waitForDelivery(event: string, secret: string, timeoutMs: number): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = deliveriesOf(event, secret)[0];
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${event} webhook within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('screen health webhooks with a real player', () => {
  it('a closed player is announced offline within the threshold + 30 s, and online when it is back', async () => {
    const created = await api<{ id: string; secret: string }>(
      stage.server,
      'POST',
      '/api/v1/webhooks',
      { url: receiver.url, events: ['screen.offline', 'screen.online'] },
      stage.operator.token,
    );
    expect(created.status).toBe(201);
    const { secret } = created.body;
    const { context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);

    const health = async () =>
      (
        await api<{ health: { state: string; since: number } }>(
          stage.server,
          'GET',
          `/api/v1/screens/${screenId}`,
          undefined,
          stage.operator.token,
        )
      ).body.health;
    expect((await health()).state).toBe('online');

    const graceLeft = serverUpAt + START_GRACE_MS + 5_000 - Date.now();
    if (graceLeft > 0) await page.waitForTimeout(graceLeft);
    const closedAt = Date.now();
    await page.close();

    const offline = await waitForDelivery('screen.offline', secret, (OFFLINE_AFTER_SECONDS + 30) * 1000);
    const offlineAfterMs = Date.now() - closedAt;
    expect(offline.data.screenId).toBe(screenId);
    expect(offlineAfterMs).toBeLessThanOrEqual((OFFLINE_AFTER_SECONDS + 30) * 1000);
    expect((await health()).state).toBe('offline');
    expect(deliveriesOf('screen.online', secret)).toEqual([]);

    // The same player (its storage is the context's) opened again.
    const again = await context.newPage();
    await again.goto(`${stage.server.url}/`);
    const online = await waitForDelivery('screen.online', secret, 40_000);
    expect(online.data.screenId).toBe(screenId);
    expect((await health()).state).toBe('online');
    // One announcement each way.
    expect(deliveriesOf('screen.offline', secret)).toHaveLength(1);
    console.log(`screen.offline arrived ${offlineAfterMs} ms after the player was closed`);
    await context.close();
  }, 300_000);
});
