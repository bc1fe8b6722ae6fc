// Any node answers any request (docs/architecture.md §Scale): a write through one node reaches listeners on another,
// the studio on one node follows the presence of players on another, media uploaded to one node is served by the
// others, and the rate limits are shared (through Redis), counting the client's address as nginx forwards it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackPresence } from '@marquee/realtime';
import { startCluster, type Cluster } from '@marquee/testbed';
import {
  createOperator,
  createPlayers,
  request,
  type ClusterPlayer,
  type RequestOptions,
  type Operator,
} from '../harness/players';
import { connectRealtime, waitForValue, type RealtimeClient } from '../harness/realtime';

/** Registrations per address and minute in this cluster (each player made by createPlayers uses one). */
const REGISTRATIONS = 10;

const registration = (origin: string, options: Pick<RequestOptions, 'from' | 'headers'> = {}) =>
  request(origin, 'POST', '/_internal/players', {
    ...options,
    body: {
      device: { id: `rate-${Math.random().toString(36).slice(2)}`, model: 'Cluster', platform: 'browser' },
    },
  });

describe('a cluster of three nodes behind nginx', () => {
  let cluster: Cluster;
  let operator: Operator;
  let players: ClusterPlayer[];
  const clients: RealtimeClient[] = [];
  const open = (wsUrl: string, idToken: string) => {
    const client = connectRealtime(wsUrl, idToken);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    cluster = await startCluster({ env: { MARQUEE_RATE_LIMIT_REGISTRATIONS: String(REGISTRATIONS) } });
    operator = await createOperator(cluster.origin);
    players = await createPlayers(cluster.origin, operator, 2);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await cluster?.close();
  });

  it('delivers a command written through node C to the player connected to node A', async () => {
    const [player] = players as [ClusterPlayer];
    const { db } = open(cluster.node('a').wsUrl, player.idToken);
    const flags = `players/${player.playerId}/action_flags`;
    // The listen is in place on A (its current value arrived) before the command is written on C.
    await waitForValue(db, flags, () => true);
    const rebooted = waitForValue(db, `${flags}/reboot`, (value) => value === true);

    const answer = await request(
      cluster.node('c').origin,
      'POST',
      `/api/v1/screens/${player.screenId}/commands`,
      {
        token: operator.token,
        body: { command: 'reboot' },
      },
    );
    expect(answer.status).toBe(201);
    await expect(rebooted).resolves.toBe(true);
  });

  it('shows the studio on node B the presence of a player on node A, connected and then gone', async () => {
    const [, player] = players as [ClusterPlayer, ClusterPlayer];
    const studio = open(cluster.node('b').wsUrl, operator.token);
    const connection = `players/${player.playerId}/connection`;
    await waitForValue(studio.db, connection, () => true);

    const screen = open(cluster.node('a').wsUrl, player.idToken);
    const presence = trackPresence(screen.db, player.playerId);
    const online = await waitForValue<{ connected: boolean; id: string; connected_at: number }>(
      studio.db,
      connection,
      (value) => (value as { id?: unknown } | null)?.id === presence.connectionId,
    );
    // Nulls are absent, as in the player's tree.
    expect(online).toEqual({ connected: true, connected_at: expect.any(Number), id: presence.connectionId });
    expect(online.connected_at).toBeGreaterThan(Date.now() - 60_000);

    // The player's socket closes on A: A runs its armed onDisconnect action, B's studio sees it.
    screen.close();
    const offline = await waitForValue<{ connected: boolean; disconnected_at: number }>(
      studio.db,
      connection,
      (value) => (value as { connected?: unknown } | null)?.connected === false,
    );
    expect(offline).toEqual({ connected: false, disconnected_at: expect.any(Number) });
    expect(offline.disconnected_at).toBeGreaterThanOrEqual(online.connected_at);
  });

  it('serves media uploaded through node A from node B, Range requests included', async () => {
    // A PNG (recognised by its first bytes) with a recognisable byte at every offset.
    const bytes = Buffer.alloc(64 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 251;
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'poster.png');
    const uploaded = await fetch(`${cluster.node('a').origin}/api/v1/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const media = (await uploaded.json()) as { url: string; size: number };
    expect(media.size).toBe(bytes.length);
    // The URL handed to players is the public one (nginx); its path works on every node.
    expect(media.url.startsWith(`${cluster.origin}/media/`)).toBe(true);
    const path = new URL(media.url).pathname;

    const whole = await fetch(`${cluster.node('b').origin}${path}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await fetch(`${cluster.node('b').origin}${path}`, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);

    const throughNginx = await fetch(media.url, { headers: { range: 'bytes=-16' } });
    expect(throughNginx.status).toBe(206);
    expect(Buffer.from(await throughNginx.arrayBuffer()).equals(bytes.subarray(-16))).toBe(true);
  });

  it('counts registrations sent to nodes A and B against one limit per client address', async () => {
    const from = '127.200.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < REGISTRATIONS + 2; i++) {
      statuses.push((await registration(cluster.node(i % 2 === 0 ? 'a' : 'b').origin, { from })).status);
    }
    expect(statuses).toEqual([...Array(REGISTRATIONS).fill(201), 429, 429]);

    // Through nginx the node counts the address nginx forwards, whatever X-Forwarded-For the client sent.
    const forged = { from, headers: { 'x-forwarded-for': '203.0.113.7' } };
    expect((await registration(cluster.origin, forged)).status).toBe(429);
    // Straight to a node, X-Forwarded-For counts only from the trusted proxy's address (MARQUEE_TRUST_PROXY).
    expect((await registration(cluster.node('c').origin, forged)).status).toBe(429);
    const proxied = { headers: { 'x-forwarded-for': '203.0.113.7' } };
    expect((await registration(cluster.node('c').origin, proxied)).status).toBe(201);
  });
});
