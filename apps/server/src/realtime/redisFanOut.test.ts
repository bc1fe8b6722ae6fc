// Realtime fan-out across nodes through Redis (docs/architecture.md §Scale): two apps on one PostgreSQL database and
// one Redis are two nodes. A write on one reaches listeners on the other, in revision order, once; listeners survive a
// Redis restart and end with the current value of what was written while Redis was away.

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPostgres, startRedis, type PostgresServer, type RedisServer } from '@marquee/testbed';
import {
  connectAs,
  newPlayer,
  operatorWithPlayer,
  startRealtimeApp,
  unpairScreen,
  type RealtimePlayer,
  type RealtimeTestApp,
  type WireClient,
} from '../../test/harness/realtime';
import { REDIS_NOT_READY_MESSAGE } from '../hosting/health';

let postgres: PostgresServer;
let redis: RedisServer;
let nodes: RealtimeTestApp[] = [];
const clients: WireClient[] = [];
let player: RealtimePlayer;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const env = { DATABASE_URL: await postgres.createDatabase(), REDIS_URL: redis.url };
  // One after the other: the first migrates the shared database.
  for (let i = 0; i < 2; i++) nodes.push(await startRealtimeApp({ env }));
}, 120_000);
afterAll(async () => {
  await Promise.all(nodes.map((node) => node.close()));
  nodes = [];
  await Promise.all([redis?.close(), postgres?.stop()]);
});
beforeEach(async () => {
  player = await newPlayer(nodes[0]!);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  if (!redis.running()) await redis.start();
  await Promise.all(nodes.map((node) => expect.poll(() => readiness(node), { timeout: 15_000 }).toBe(200)));
});

async function listener(node: RealtimeTestApp, path: string): Promise<WireClient> {
  const client = await connectAs(node, player.idToken);
  clients.push(client);
  await client.ok({ t: 'listen', path });
  await client.eventCount(path, 1);
  return client;
}

async function readiness(node: RealtimeTestApp): Promise<number> {
  return (await node.app.inject({ url: '/readyz' })).statusCode;
}

/** Revisions and values of the events of `path` after the initial one. */
function changes(client: WireClient, path: string): [number, unknown][] {
  return client
    .eventsOf(path)
    .slice(1)
    .map((event) => [event.rev, event.value]);
}

describe('fan-out through Redis', () => {
  it('delivers the writes of one node to a listener on the other once each, in revision order', async () => {
    const [one, two] = nodes as [RealtimeTestApp, RealtimeTestApp];
    const path = `players/${player.id}/settings/name`;
    const far = await listener(two, path);
    const near = await listener(one, path);
    const count = 200;
    const results = await Promise.all(
      Array.from({ length: count }, (_, i) => one.app.services.documents.set(path, `name ${i}`)),
    );
    const expected = results.map((result, i): [number, unknown] => [result.revision, `name ${i}`]);
    expect(expected.map(([revision]) => revision)).toEqual(
      expected.map((_, i) => expected[0]![0] + i), // one write, one revision, in call order
    );
    await far.eventCount(path, count + 1, 20_000);
    await near.eventCount(path, count + 1, 20_000);
    // Let anything late or duplicated arrive before checking there is none.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changes(far, path)).toEqual(expected);
    expect(changes(near, path)).toEqual(expected);
  });

  it('delivers writes made through the other node', async () => {
    const [one, two] = nodes as [RealtimeTestApp, RealtimeTestApp];
    const path = `players/${player.id}/connection`;
    const onOne = await listener(one, path);
    const writer = await connectAs(two, player.idToken);
    clients.push(writer);
    await writer.ok({ t: 'set', path, value: { connected: true } });
    const [, event] = await onOne.eventCount(path, 2);
    expect(event?.value).toEqual({ connected: true });
  });

  it('keeps listeners across a Redis restart and catches them up with what was written meanwhile', async () => {
    const [one, two] = nodes as [RealtimeTestApp, RealtimeTestApp];
    const path = `players/${player.id}/settings`;
    const far = await listener(two, path);
    const near = await listener(one, path);
    await one.app.services.documents.set(path, { name: 'before' });
    await far.eventCount(path, 2);

    await redis.stop();
    await expect.poll(() => readiness(one)).toBe(503);
    const notReady = await two.app.inject({ url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ error: { code: 'NOT_READY', message: REDIS_NOT_READY_MESSAGE } });

    // Writes go on while Redis is away: acknowledged, and seen at once by listeners on the same node.
    for (let i = 1; i <= 5; i++) await one.app.services.documents.set(`${path}/name`, `during ${i}`);
    const during = await near.eventCount(path, 7);
    expect(during.at(-1)?.value).toEqual({ name: 'during 5' });

    await redis.start();
    await expect.poll(() => readiness(two), { timeout: 15_000 }).toBe(200);
    // The listener on the other node missed those messages and got the current value when Redis came back (sent
    // before the node said it was ready, and on its way over the socket).
    await expect.poll(() => far.eventsOf(path).at(-1)?.value).toEqual({ name: 'during 5' });
    await expect.poll(() => readiness(one), { timeout: 15_000 }).toBe(200);

    // And the listeners are still there: the next write reaches both nodes, once.
    const { revision } = await one.app.services.documents.set(`${path}/name`, 'after');
    await expect.poll(() => far.eventsOf(path).at(-1)?.value).toEqual({ name: 'after' });
    await expect.poll(() => near.eventsOf(path).at(-1)?.value).toEqual({ name: 'after' });
    for (const client of [far, near]) {
      const revisions = client.eventsOf(path).map((event) => event.rev);
      expect(revisions.at(-1)).toBe(revision);
      expect([...revisions].sort((a, b) => a - b)).toEqual(revisions);
      expect(new Set(revisions).size).toBe(revisions.length);
    }
  });

  it("ends an operator's listen on one node as soon as the screen is unpaired through the other", async () => {
    const [one, two] = nodes as [RealtimeTestApp, RealtimeTestApp];
    const { operator, player: paired, screenId } = await operatorWithPlayer(one);
    const studio = await connectAs(two, operator.token);
    clients.push(studio);
    const path = `players/${paired.id}/connection`;
    await studio.ok({ t: 'listen', path });
    await studio.eventCount(path, 1);
    await unpairScreen(one, operator, screenId);
    const [cancelled] = await studio.waitFor(() =>
      studio.cancellations.length > 0 ? studio.cancellations : undefined,
    );
    expect(cancelled).toEqual({
      t: 'c',
      path,
      code: 'permission_denied',
      message: `Permission denied: cannot read "${path}"`,
    });
    await one.app.services.documents.set(path, { connected: true });
    await studio.ok({ t: 'time' });
    expect(studio.eventsOf(path)).toHaveLength(1);
  });

  it('counts Redis as connected in the metrics', async () => {
    const [one] = nodes as [RealtimeTestApp];
    const metrics = async () => (await one.app.services.metrics.render()).body;
    expect(await metrics()).toContain('marquee_redis_connected 1');
    await redis.stop();
    await expect.poll(metrics).toContain('marquee_redis_connected 0');
  });
});
