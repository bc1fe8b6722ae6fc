// HTTP rate limits of a scaled-out service (docs/security.md §Limits): with REDIS_URL the counters live in Redis, so
// the nodes share them; MARQUEE_TRUST_PROXY makes the client address behind a load balancer the per-IP key.

import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '@marquee/testbed';
import { startTestApp, type TestApp } from '../../test/harness/app';

let redis: RedisServer;
let apps: TestApp[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.close();
});
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  if (!redis.running()) await redis.start();
});

async function node(env: Record<string, string>): Promise<TestApp> {
  const app = await startTestApp({ env });
  apps.push(app);
  return app;
}

/** A sign-in attempt (limited per IP; wrong credentials answer 400) from `remoteAddress`. */
async function signIn(app: TestApp, remoteAddress: string, forwardedFor?: string): Promise<number> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signInWithPassword',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { email: 'nobody@example.com', password: '123456' },
  });
  return response.statusCode;
}

describe('rate limits shared through Redis', () => {
  it('counts the requests of one client on every node against one limit', async () => {
    const env = { REDIS_URL: redis.url, MARQUEE_RATE_LIMIT_SIGN_INS: '5' };
    const [one, two] = [await node(env), await node(env)];
    for (let i = 0; i < 3; i++) expect(await signIn(one, '10.1.0.1')).toBe(400);
    for (let i = 0; i < 2; i++) expect(await signIn(two, '10.1.0.1')).toBe(400);
    expect(await signIn(two, '10.1.0.1')).toBe(429);
    expect(await signIn(one, '10.1.0.1')).toBe(429);
    expect(await signIn(one, '10.1.0.2')).toBe(400); // another client
  });

  it('closes its Redis connections with the app', async () => {
    const admin = new Redis(redis.url);
    try {
      const clients = async () =>
        String(await admin.call('CLIENT', 'LIST'))
          .split('\n')
          .map((line) => / name=(marquee-[a-z-]+) /.exec(line)?.[1])
          .filter((name) => name !== undefined)
          .sort();
      const app = await node({ REDIS_URL: redis.url });
      expect(await clients()).toEqual(['marquee-publish', 'marquee-rate-limit', 'marquee-subscribe']);
      await app.close();
      apps = [];
      await expect.poll(clients).toEqual([]);
    } finally {
      admin.disconnect();
    }
  });

  it('keeps the limits per node without Redis (the embedded default)', async () => {
    const env = { MARQUEE_RATE_LIMIT_SIGN_INS: '2' };
    const [one, two] = [await node(env), await node(env)];
    for (let i = 0; i < 2; i++) expect(await signIn(one, '10.2.0.1')).toBe(400);
    expect(await signIn(one, '10.2.0.1')).toBe(429);
    expect(await signIn(two, '10.2.0.1')).toBe(400);
  });

  it('lets requests through, unlimited and without delay, while Redis is away', async () => {
    const app = await node({ REDIS_URL: redis.url, MARQUEE_RATE_LIMIT_SIGN_INS: '2' });
    await redis.stop();
    for (let i = 0; i < 5; i++) expect(await signIn(app, '10.3.0.1')).toBe(400);
    await redis.start();
    // Back to counting once Redis is back.
    await expect.poll(async () => signIn(app, '10.3.0.1'), { timeout: 15_000, interval: 100 }).toBe(429);
  });
});

describe('MARQUEE_TRUST_PROXY', () => {
  const limit = { MARQUEE_RATE_LIMIT_SIGN_INS: '2' };

  it('keys per-IP limits on X-Forwarded-For when the proxy is trusted', async () => {
    for (const trust of ['true', '127.0.0.1', '10.9.0.0/16,127.0.0.0/8']) {
      const app = await node({ ...limit, MARQUEE_TRUST_PROXY: trust });
      expect(await signIn(app, '127.0.0.1', '203.0.113.7')).toBe(400);
      expect(await signIn(app, '127.0.0.1', '203.0.113.7')).toBe(400);
      expect(await signIn(app, '127.0.0.1', '203.0.113.7')).toBe(429);
      expect(await signIn(app, '127.0.0.1', '203.0.113.8')).toBe(400); // another client behind the same proxy
    }
  });

  it('ignores X-Forwarded-For when the proxy is not trusted: a client cannot pick its own key', async () => {
    const envs: Record<string, string>[] = [
      {},
      { MARQUEE_TRUST_PROXY: 'false' },
      { MARQUEE_TRUST_PROXY: '10.9.0.0/16' },
    ];
    for (const env of envs) {
      const app = await node({ ...limit, ...env });
      expect(await signIn(app, '127.0.0.1', '203.0.113.1')).toBe(400);
      expect(await signIn(app, '127.0.0.1', '203.0.113.2')).toBe(400);
      expect(await signIn(app, '127.0.0.1', '203.0.113.3')).toBe(429);
    }
  });
});
