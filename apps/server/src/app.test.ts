import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { QUERY_DEPTH_LIMIT, QUERY_PARAMETER_LIMIT, type AuthObject } from '@marquee/protocol';
import { startTestApp, type TestApp } from '../test/harness/app';

describe('buildApp', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('answers unknown routes with a JSON 404', async () => {
    test = await startTestApp();
    const response = await test.app.inject({ method: 'GET', url: '/nowhere?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Route GET /nowhere not found' },
    });
  });

  it('parses query strings within the limits of docs/security.md §Limits and refuses beyond them with a 400', async () => {
    test = await startTestApp();
    const ok = await test.app.inject({ method: 'GET', url: '/identity/v1/passwordPolicy?key=abc&a[b][c]=1' });
    expect(ok.statusCode).toBe(200);
    const atLimit = Array.from({ length: QUERY_PARAMETER_LIMIT }, (_, i) => `p${i}=1`).join('&');
    expect(
      (await test.app.inject({ method: 'GET', url: `/identity/v1/passwordPolicy?${atLimit}` })).statusCode,
    ).toBe(200);
    const tooMany = await test.app.inject({
      method: 'POST',
      url: `/_internal/players/x/heartbeat?${atLimit}&one=more`,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      error: {
        code: 'QUERY_REJECTED',
        message: `Query string rejected: more than ${QUERY_PARAMETER_LIMIT} parameters`,
        field: 'query',
      },
    });
    // The identity service answers in its own shape.
    const identity = await test.app.inject({
      method: 'GET',
      url: `/identity/v1/passwordPolicy?${atLimit}&one=more`,
    });
    expect(identity.statusCode).toBe(400);
    expect(identity.json()).toMatchObject({
      error: {
        message: `INVALID_ARGUMENT : Query string rejected: more than ${QUERY_PARAMETER_LIMIT} parameters`,
      },
    });
    const deep = `a${'[x]'.repeat(QUERY_DEPTH_LIMIT + 1)}=1`;
    const tooDeep = await test.app.inject({ method: 'POST', url: `/_internal/players/x/heartbeat?${deep}` });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({ error: { code: 'QUERY_REJECTED' } });
  });

  it('writes no token, secret or password to the log', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    test = await startTestApp({ logger: true, logStream, env: { MARQUEE_LOG_LEVEL: 'trace' } });
    const { app } = test;
    const registered = await app.inject({
      method: 'POST',
      url: '/_internal/players',
      payload: { device: { id: 'logged', model: 'm', platform: 'browser' } },
    });
    const auth = registered.json<AuthObject>();
    await app.inject({
      method: 'POST',
      url: `/_internal/players/logged/heartbeat?auth=${auth.secret}`,
      headers: { authorization: `Bearer ${auth.apiToken}` },
    });
    await app.inject({
      method: 'DELETE',
      url: '/_internal/players/logged/credentials',
      headers: { authorization: 'wrong' },
    });
    const session = await app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signInWithCustomToken',
      payload: { token: auth.firebaseTokenV2 },
    });
    const { idToken, refreshToken } = session.json<{ idToken: string; refreshToken: string }>();
    await app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signUp',
      payload: { email: 'log@example.com', password: 'hunter22' },
    });
    await app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:lookup',
      payload: { idToken: `${idToken}x` },
    });

    const log = lines.join('');
    expect(log).toContain('/_internal/players/logged/heartbeat?auth=[redacted]');
    for (const secret of [
      auth.apiToken,
      auth.secret,
      auth.firebaseTokenV2,
      idToken,
      refreshToken,
      'hunter22',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
