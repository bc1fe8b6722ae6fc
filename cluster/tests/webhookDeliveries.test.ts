// Webhook deliveries go out once with several nodes (docs/webhooks.md §Once across nodes): events emitted on three
// nodes, each refused once by the receiver, come due again a minute later on all three nodes' workers at once; each
// delivery still reaches the receiver exactly twice (the refusal and the success), never more.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, startWebhookReceiver, type Cluster, type WebhookReceiver } from '@marquee/testbed';
import { createOperator, request, type Operator } from '../harness/players';

const EVENTS = 30;
/** The first retry comes about a minute after the refusal; the workers look every 5 s at most. */
const RETRY_WAIT_MS = 100_000;

describe('webhook deliveries on a cluster of three nodes', () => {
  let cluster: Cluster;
  let operator: Operator;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    hook = await startWebhookReceiver();
    cluster = await startCluster();
    operator = await createOperator(cluster.origin, 'Webhook cluster');
  });
  afterAll(async () => {
    await cluster?.close();
    await hook?.close();
  });

  it('sends each delivery once per attempt, whichever node emitted it and whichever claims its retry', async () => {
    const refused = new Set<string>();
    // The first attempt of every delivery is refused: all of them come due again together.
    hook.answer = (received) => {
      const id = received.headers['marquee-delivery'] as string;
      if (refused.has(id)) return 200;
      refused.add(id);
      return 503;
    };
    const created = await request(cluster.origin, 'POST', '/api/v1/webhooks', {
      token: operator.token,
      body: { url: hook.url, events: ['screen.offline'] },
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    const nodes = ['a', 'b', 'c'] as const;
    const sent: string[] = [];
    for (let index = 0; index < EVENTS; index++) {
      const answer = await request(
        cluster.node(nodes[index % 3]!).origin,
        'POST',
        `/api/v1/webhooks/${id}/test`,
        {
          token: operator.token,
        },
      );
      expect(answer.status).toBe(202);
      sent.push((answer.body as { deliveryId: string }).deliveryId);
    }
    await hook.waitFor(EVENTS * 2, RETRY_WAIT_MS);
    // One more poll period of every node: nothing further arrives.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const perDelivery = new Map<string, number>();
    for (const received of hook.received) {
      const delivery = received.headers['marquee-delivery'] as string;
      perDelivery.set(delivery, (perDelivery.get(delivery) ?? 0) + 1);
    }
    expect([...perDelivery.keys()].sort()).toEqual([...sent].sort());
    expect([...perDelivery.values()].every((count) => count === 2)).toBe(true);

    const page = await request(cluster.origin, 'GET', `/api/v1/webhooks/${id}/deliveries?limit=${EVENTS}`, {
      token: operator.token,
    });
    const deliveries = (page.body as { deliveries: { state: string; attempts: { statusCode: number }[] }[] })
      .deliveries;
    expect(deliveries).toHaveLength(EVENTS);
    for (const delivery of deliveries) {
      expect(delivery.state).toBe('delivered');
      expect(delivery.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 200]);
    }
  });
});
