// The per-key rate limit (docs/security.md §Limits): a key over MARQUEE_RATE_LIMIT_API_KEY calls a minute gets
// 429 with Retry-After, other keys and members' ID tokens do not; with REDIS_URL every node counts into one limit.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '@marquee/testbed';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { makeApiKey } from '../../test/harness/apiKeys';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { bearer, signUpOperator } from '../../test/harness/management';

const LIMIT = 3;

const get = (test: TestApp, token: string, url = '/api/v1/screens') =>
  test.app.inject({ url, headers: bearer(token) });

describe('the rate limit of API keys', () => {
  let test: TestApp;
  afterEach(async () => {
    await test.close();
  });

  it('answers 429 with Retry-After past the limit, for that key only and never for members', async () => {
    test = await startTestApp({ rateLimits: { apiKeyPerKey: LIMIT } });
    const owner = await signUpOperator(test.app);
    const [busy, quiet] = [
      await makeApiKey(test.app, owner, 'viewer'),
      await makeApiKey(test.app, owner, 'viewer'),
    ];

    // Every route the key reaches counts, /me included.
    expect((await get(test, busy.key, '/api/v1/me')).statusCode).toBe(200);
    for (let i = 1; i < LIMIT; i++) expect((await get(test, busy.key)).statusCode).toBe(200);
    const limited = await get(test, busy.key);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });

    expect((await get(test, quiet.key)).statusCode).toBe(200);
    for (let i = 0; i <= LIMIT * 2; i++) expect((await get(test, owner.token)).statusCode).toBe(200);
  });
});

describe('the rate limit of API keys with Redis', () => {
  let redis: RedisServer;
  let database: TestDatabase;
  const nodes: TestApp[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    database = await openTestDatabase('sqlite');
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await database?.dispose();
    await redis?.close();
  });

  it('counts a key on every node against one limit', async () => {
    const env = { REDIS_URL: redis.url, MARQUEE_RATE_LIMIT_API_KEY: String(LIMIT) };
    for (let i = 0; i < 2; i++) nodes.push(await startTestApp({ env, database: database.handle }));
    const [one, two] = nodes as [TestApp, TestApp];
    const key = await makeApiKey(one.app, await signUpOperator(one.app), 'viewer');
    expect((await get(one, key.key)).statusCode).toBe(200);
    expect((await get(two, key.key)).statusCode).toBe(200);
    expect((await get(one, key.key)).statusCode).toBe(200);
    expect((await get(two, key.key)).statusCode).toBe(429);
  });
});
