// The failed-sign-in counters, in process and in Redis, held to the same behaviour with an injected clock.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '@marquee/testbed';
import { testClock, type TestClock } from '../../test/harness/app';
import { closeRedisClient, createRedisClient, redisReady } from '../realtime/redisClient';
import {
  FAILED_SIGN_IN_LIMIT,
  FAILED_SIGN_IN_WINDOW_MS,
  InProcessFailedSignIns,
  type FailedSignIns,
} from './failedSignIns';
import { RedisFailedSignIns } from './redisFailedSignIns';

let redis: RedisServer;
const clients: ReturnType<typeof createRedisClient>[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => closeRedisClient(client)));
  await redis.close();
});

/** A connected client, closed after the file (commands sent before it connects would fail: no offline queue). */
async function connectedClient() {
  const client = createRedisClient(redis.url, 'marquee-test', { commandTimeout: 1000 });
  clients.push(client);
  if (!(await redisReady(client, 5000))) throw new Error('Redis did not accept a connection');
  return client;
}

let run = 0;
const stores: [string, (clock: TestClock) => Promise<FailedSignIns>][] = [
  ['in process', async (clock) => new InProcessFailedSignIns(clock)],
  [
    'in Redis',
    async (clock) =>
      new RedisFailedSignIns({ client: await connectedClient(), keyPrefix: `t${++run}:`, clock }),
  ],
];

/** Takes `n` attempts, answering how many were allowed. */
async function takeMany(store: FailedSignIns, account: string, n: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < n; i++) if ((await store.take(account)).allowed) allowed += 1;
  return allowed;
}

describe.each(stores)('failed sign-ins %s', (_name, create) => {
  let clock: TestClock;
  let store: FailedSignIns;

  beforeEach(async () => {
    clock = testClock();
    store = await create(clock);
  });

  it('allows the limit of attempts in a window, then refuses with the time left in it', async () => {
    expect(await takeMany(store, 'a@example.com', FAILED_SIGN_IN_LIMIT)).toBe(FAILED_SIGN_IN_LIMIT);
    clock.advance(60_000);
    expect(await store.take('a@example.com')).toEqual({
      allowed: false,
      retryAfterMs: FAILED_SIGN_IN_WINDOW_MS - 60_000,
    });
    // Another account is not touched.
    expect(await store.take('b@example.com')).toEqual({ allowed: true });
  });

  it('forgets the failures when the window ends, however often the account was refused meanwhile', async () => {
    await takeMany(store, 'a@example.com', FAILED_SIGN_IN_LIMIT);
    for (let minute = 1; minute < 15; minute++) {
      clock.advance(60_000);
      expect((await store.take('a@example.com')).allowed).toBe(false);
    }
    clock.advance(59_999);
    expect(await store.take('a@example.com')).toEqual({ allowed: false, retryAfterMs: 1 });
    clock.advance(1);
    expect(await takeMany(store, 'a@example.com', FAILED_SIGN_IN_LIMIT + 1)).toBe(FAILED_SIGN_IN_LIMIT);
  });

  it('starts afresh after a correct password', async () => {
    await takeMany(store, 'a@example.com', FAILED_SIGN_IN_LIMIT - 1);
    await store.clear('a@example.com');
    expect(await takeMany(store, 'a@example.com', FAILED_SIGN_IN_LIMIT + 1)).toBe(FAILED_SIGN_IN_LIMIT);
  });

  it('does not count an attempt given back', async () => {
    await takeMany(store, 'a@example.com', FAILED_SIGN_IN_LIMIT);
    await store.giveBack('a@example.com');
    expect((await store.take('a@example.com')).allowed).toBe(true);
    expect((await store.take('a@example.com')).allowed).toBe(false);
  });

  it('counts concurrent attempts exactly', async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 * FAILED_SIGN_IN_LIMIT }, () => store.take('a@example.com')),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(FAILED_SIGN_IN_LIMIT);
  });
});

describe('failed sign-ins in Redis', () => {
  it('are shared by the nodes using one Redis', async () => {
    const clock = testClock();
    // Two stores on two connections with one key prefix: as two nodes.
    const prefix = `shared-${++run}:`;
    const nodes = [
      new RedisFailedSignIns({ client: await connectedClient(), keyPrefix: prefix, clock }),
      new RedisFailedSignIns({ client: await connectedClient(), keyPrefix: prefix, clock }),
    ];
    expect(await takeMany(nodes[0]!, 'a@example.com', 6)).toBe(6);
    expect(await takeMany(nodes[1]!, 'a@example.com', 6)).toBe(FAILED_SIGN_IN_LIMIT - 6);
    expect((await nodes[0]!.take('a@example.com')).allowed).toBe(false);
    await nodes[1]!.clear('a@example.com');
    expect((await nodes[0]!.take('a@example.com')).allowed).toBe(true);
  });

  it('lets every attempt through while Redis is away, and says so', async () => {
    const clock = testClock();
    let unavailable = 0;
    const store = new RedisFailedSignIns({
      client: await connectedClient(),
      keyPrefix: `outage-${++run}:`,
      clock,
      onUnavailable: () => (unavailable += 1),
    });
    await takeMany(store, 'a@example.com', FAILED_SIGN_IN_LIMIT);
    await redis.stop();
    try {
      expect(await takeMany(store, 'a@example.com', 3)).toBe(3);
      await store.clear('a@example.com');
      expect(unavailable).toBe(4);
    } finally {
      await redis.start();
    }
  });
});

describe('failed sign-ins in process', () => {
  it('keep at most so many accounts, forgetting ended windows first and then the oldest', async () => {
    const clock = testClock();
    const store = new InProcessFailedSignIns(clock, { limit: 1, windowMs: 60_000 }, 3);
    await store.take('ended@example.com');
    clock.advance(60_000);
    for (const account of ['a', 'b', 'c']) await store.take(`${account}@example.com`);
    // 'ended' made room for 'c'; 'd' takes the place of 'a', the oldest running window.
    await store.take('d@example.com');
    expect((await store.take('a@example.com')).allowed).toBe(true);
    expect((await store.take('c@example.com')).allowed).toBe(false);
    expect((await store.take('d@example.com')).allowed).toBe(false);
  });
});
