// The per-account limit on failed sign-ins through both doors an operator signs in by (/api/v1/auth/signin and
// /identity/v1/accounts:signInWithPassword), on two nodes sharing a database and Redis, as a botnet would meet it:
// every guess from another address, so the per-IP limit never sees two.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '@marquee/testbed';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { PASSWORD, signUpOperator } from '../../test/harness/management';
import { FAILED_SIGN_IN_LIMIT, FAILED_SIGN_IN_WINDOW_MS } from './failedSignIns';

const WINDOW_SECONDS = FAILED_SIGN_IN_WINDOW_MS / 1000;

let redis: RedisServer;
let database: TestDatabase;
let nodes: TestApp[] = [];

beforeAll(async () => {
  redis = await startRedis();
  database = await openTestDatabase('sqlite');
});
afterAll(async () => {
  await redis.close();
  await database.dispose();
});
afterEach(async () => {
  await Promise.all(nodes.map((node) => node.close()));
  nodes = [];
  if (!redis.running()) await redis.start();
});

/** A node on the shared database; through the shared Redis unless `redis` is false. */
async function node(withRedis = true): Promise<TestApp> {
  const app = await startTestApp({
    database: database.handle,
    migrate: false,
    env: withRedis ? { REDIS_URL: redis.url } : {},
  });
  nodes.push(app);
  return app;
}

let address = 0;
/** Every attempt from an address of its own, as from a botnet. */
const nextAddress = () => `198.51.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: { error: { code: unknown; message: string } };
}

/** A sign-in through the management API (`door` 'api') or the identity service ('identity'). */
async function signIn(app: TestApp, email: string, password: string, door: 'api' | 'identity' = 'api') {
  const response = await app.app.inject({
    method: 'POST',
    url: door === 'api' ? '/api/v1/auth/signin' : '/identity/v1/accounts:signInWithPassword',
    remoteAddress: nextAddress(),
    payload: { email, password },
  });
  const retryAfter = response.headers['retry-after'];
  return {
    status: response.statusCode,
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
    body: response.json(),
  } satisfies Answer;
}

/** `n` wrong passwords for `email`, spread over the nodes and doors; answers their statuses. */
async function guesses(apps: TestApp[], email: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const door = i % 2 === 0 ? 'api' : 'identity';
    statuses.push((await signIn(apps[i % apps.length]!, email, `guess ${i}`, door)).status);
  }
  return statuses;
}

const advance = (apps: TestApp[], ms: number) => apps.forEach((app) => app.clock.advance(ms));

describe('the failed sign-ins of an account, on two nodes through Redis', () => {
  it(`refuses the attempt after ${FAILED_SIGN_IN_LIMIT} wrong passwords with 429 and Retry-After`, async () => {
    const apps = [await node(), await node()];
    const operator = await signUpOperator(apps[0]!.app);
    const failed = await guesses(apps, operator.email, FAILED_SIGN_IN_LIMIT);
    expect(failed.every((status) => status === 401 || status === 400)).toBe(true);

    const api = await signIn(apps[1]!, operator.email, 'one more guess', 'api');
    expect(api).toEqual({
      status: 429,
      retryAfter: String(WINDOW_SECONDS),
      body: {
        error: {
          code: 'TOO_MANY_ATTEMPTS',
          message: 'Too many failed sign-ins for this account: try again in 15 minutes.',
          retryAfterSeconds: WINDOW_SECONDS,
        },
      },
    });
    advance(apps, 61_000);
    const identity = await signIn(apps[0]!, operator.email, 'one more guess', 'identity');
    expect(identity.status).toBe(429);
    expect(identity.retryAfter).toBe(String(WINDOW_SECONDS - 61));
    expect(identity.body.error).toMatchObject({
      code: 429,
      message:
        'TOO_MANY_ATTEMPTS_TRY_LATER : Too many failed sign-ins for this account: try again in 14 minutes.',
      status: 'RESOURCE_EXHAUSTED',
    });
    // The address is the account's, whatever its case and spaces.
    expect((await signIn(apps[1]!, ` ${operator.email.toUpperCase()} `, 'guess')).status).toBe(429);
  });

  it('locks the right password out until the window ends, never longer, from any address', async () => {
    const apps = [await node(), await node()];
    const operator = await signUpOperator(apps[0]!.app);
    await guesses(apps, operator.email, FAILED_SIGN_IN_LIMIT);
    // Refused, right password or not: letting it through would make every refused guess an answer.
    expect((await signIn(apps[0]!, operator.email, PASSWORD)).status).toBe(429);
    // The attacker keeps guessing through the window: refused attempts do not make it longer.
    for (let minute = 1; minute < 15; minute++) {
      advance(apps, 60_000);
      expect(await guesses(apps, operator.email, 2)).toEqual([429, 429]);
    }
    advance(apps, 59_000);
    const last = await signIn(apps[1]!, operator.email, PASSWORD, 'identity');
    expect([last.status, last.retryAfter]).toEqual([429, '1']);
    advance(apps, 1000);
    expect((await signIn(apps[1]!, operator.email, PASSWORD, 'identity')).status).toBe(200);
  });

  it('forgets the failures at a correct password', async () => {
    const apps = [await node(), await node()];
    const operator = await signUpOperator(apps[0]!.app);
    await guesses(apps, operator.email, FAILED_SIGN_IN_LIMIT - 1);
    expect((await signIn(apps[1]!, operator.email, PASSWORD)).status).toBe(200);
    const statuses = await guesses(apps, operator.email, FAILED_SIGN_IN_LIMIT + 1);
    expect(statuses.slice(0, FAILED_SIGN_IN_LIMIT).includes(429)).toBe(false);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers an unknown address exactly as a known one, before and past the limit', async () => {
    const apps = [await node(), await node()];
    const operator = await signUpOperator(apps[0]!.app);
    const unknown = `nobody-${Date.now()}@example.com`;
    for (const door of ['api', 'identity'] as const) {
      const answers = async (email: string) => {
        const seen: Answer[] = [];
        for (let i = 0; i <= FAILED_SIGN_IN_LIMIT; i++)
          seen.push(await signIn(apps[i % 2]!, email, 'wrong', door));
        return seen;
      };
      expect(await answers(unknown)).toEqual(await answers(operator.email));
      advance(apps, FAILED_SIGN_IN_WINDOW_MS);
    }
  });

  it('locks nobody out while Redis is away', async () => {
    const apps = [await node(), await node()];
    const operator = await signUpOperator(apps[0]!.app);
    await redis.stop();
    const statuses = await guesses(apps, operator.email, FAILED_SIGN_IN_LIMIT + 2);
    expect(statuses.includes(429)).toBe(false);
    expect((await signIn(apps[0]!, operator.email, PASSWORD)).status).toBe(200);
  });
});

describe('the failed sign-ins of an account, on one node without Redis', () => {
  it('are counted in process and expire with the window', async () => {
    const app = await node(false);
    const operator = await signUpOperator(app.app);
    expect((await guesses([app], operator.email, FAILED_SIGN_IN_LIMIT + 1)).at(-1)).toBe(429);
    app.clock.advance(FAILED_SIGN_IN_WINDOW_MS - 1);
    expect((await signIn(app, operator.email, PASSWORD)).status).toBe(429);
    app.clock.advance(1);
    expect((await signIn(app, operator.email, PASSWORD)).status).toBe(200);
  });

  it('does not count what is not a guess: a missing password', async () => {
    const app = await node(false);
    const operator = await signUpOperator(app.app);
    for (let i = 0; i <= FAILED_SIGN_IN_LIMIT; i++) {
      expect((await signIn(app, operator.email, '')).status).toBe(400);
    }
    expect((await signIn(app, operator.email, PASSWORD)).status).toBe(200);
  });
});
