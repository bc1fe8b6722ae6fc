// nginx with the production template (docs/deploy/nginx.conf) in front of three nodes: WebSockets and API requests
// pass through it, a killed node is routed around at once, and a restarted node is given traffic again.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCluster, type Cluster } from '@marquee/testbed';
import {
  createOperator,
  createPlayers,
  request,
  type ClusterPlayer,
  type Operator,
} from '../harness/players';
import { connectRealtime, waitConnected, waitForValue, type RealtimeClient } from '../harness/realtime';

/** Requests a node has answered on `route` since it started, from its /metrics. */
async function answered(origin: string, route: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('marquee_http_requests_total{') && line.includes(`route="${route}"`)) {
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

describe('nginx in front of the nodes', () => {
  let cluster: Cluster;
  let operator: Operator;
  let players: ClusterPlayer[];
  const clients: RealtimeClient[] = [];
  const open = (player: ClusterPlayer) => {
    const client = connectRealtime(cluster.wsUrl, player.idToken);
    clients.push(client);
    return client;
  };

  /** Raises `command` on every player's screen through nginx and waits until each open client has it. */
  async function commandReachesEveryone(connected: RealtimeClient[], command: string): Promise<void> {
    const received = connected.map((client, index) =>
      waitForValue(
        client.db,
        `players/${players[index]?.playerId}/action_flags/${command}`,
        (value) => value === true,
      ),
    );
    for (const player of players.slice(0, connected.length)) {
      const answer = await request(cluster.origin, 'POST', `/api/v1/screens/${player.screenId}/commands`, {
        token: operator.token,
        body: { command },
      });
      expect(answer.status).toBe(201);
    }
    await Promise.all(received);
  }

  beforeAll(async () => {
    cluster = await startCluster();
    operator = await createOperator(cluster.origin);
    players = await createPlayers(cluster.origin, operator, 12);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await cluster?.close();
  });

  it('carries realtime WebSockets and API requests, spread over the nodes', async () => {
    const before = await Promise.all(cluster.nodes.map((node) => answered(node.origin, '/api/v1/screens')));
    for (let i = 0; i < 6; i++) {
      expect(
        (await request(cluster.origin, 'GET', '/api/v1/screens', { token: operator.token })).status,
      ).toBe(200);
    }
    const after = await Promise.all(cluster.nodes.map((node) => answered(node.origin, '/api/v1/screens')));
    expect(
      after.map((count, index) => count - (before[index] ?? 0)).filter((count) => count > 0).length,
    ).toBe(3);

    const connected = players.slice(0, 6).map(open);
    await Promise.all(connected.map((client) => waitConnected(client.db)));
    await commandReachesEveryone(connected, 'mute');
  });

  it('routes around node A killed: new sockets and requests succeed, and its players come back on B or C', async () => {
    const survivors = clients.slice();
    await cluster.node('a').kill();
    expect(cluster.node('a').running()).toBe(false);

    for (let i = 0; i < 6; i++) {
      expect(
        (await request(cluster.origin, 'GET', '/api/v1/screens', { token: operator.token })).status,
      ).toBe(200);
    }
    const late = players.slice(6, 12).map(open);
    await Promise.all(late.map((client) => waitConnected(client.db)));
    // The players that were on A reconnected through nginx and listen again: a command reaches all twelve.
    await commandReachesEveryone([...survivors, ...late], 'clear_cache');
  });

  it('gives a restarted node traffic again', async () => {
    const a = cluster.node('a');
    await a.start();
    expect(a.running()).toBe(true);
    // nginx tries A again once its fail_timeout (5 s) has passed.
    await vi.waitFor(
      async () => {
        await request(cluster.origin, 'GET', '/api/v1/screens', { token: operator.token });
        expect(await answered(a.origin, '/api/v1/screens')).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 250 },
    );
  });
});
