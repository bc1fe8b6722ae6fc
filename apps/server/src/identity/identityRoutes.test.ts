import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { insertPlayer } from '../../test/harness/fixtures';

function identityError(message: string, code = 400) {
  return {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason: code === 429 ? 'rateLimitExceeded' : 'invalid' }],
      status: code === 429 ? 'RESOURCE_EXHAUSTED' : 'INVALID_ARGUMENT',
    },
  };
}

describe('/identity/v1', () => {
  let test: TestApp;

  beforeEach(async () => {
    test = await startTestApp();
  });
  afterEach(async () => {
    await test.close();
  });

  const post = (url: string, payload?: unknown) =>
    test.app.inject({
      method: 'POST',
      url: `/identity/v1/${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function playerSession() {
    const { services } = test.app;
    const playerId = await insertPlayer(services.db);
    const token = await services.playerTokens.createCustomToken({ playerId, generation: 1 });
    const response = await post('accounts:signInWithCustomToken?key=ignored', {
      token,
      returnSecureToken: true,
    });
    expect(response.statusCode).toBe(200);
    return { playerId, token, body: response.json<{ idToken: string; refreshToken: string }>() };
  }

  it('signInWithCustomToken answers the hosted API shape', async () => {
    const { body } = await playerSession();
    expect(body).toEqual({
      kind: 'identitytoolkit#VerifyCustomTokenResponse',
      idToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.any(String),
      expiresIn: '3600',
      isNewUser: true,
    });
  });

  it.each([
    [{ token: 'garbage' }, 'INVALID_CUSTOM_TOKEN'],
    [{ token: 42 }, "INVALID_CUSTOM_TOKEN : Invalid value at 'token'"],
    [{}, 'MISSING_CUSTOM_TOKEN'],
    [undefined, 'MISSING_CUSTOM_TOKEN'],
    [[1, 2], 'INVALID_ARGUMENT : Invalid JSON payload received.'],
  ])('signInWithCustomToken with %j answers 400 %s', async (payload, message) => {
    const response = await post('accounts:signInWithCustomToken', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(identityError(message));
  });

  it('refreshes with a form-encoded body, and with JSON', async () => {
    const { playerId, body } = await playerSession();
    const form = await test.app.inject({
      method: 'POST',
      url: '/identity/v1/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(body.refreshToken)}`,
    });
    expect(form.statusCode).toBe(200);
    const answer = form.json<Record<string, string>>();
    expect(answer).toEqual({
      access_token: answer.id_token,
      expires_in: '3600',
      token_type: 'Bearer',
      refresh_token: body.refreshToken,
      id_token: expect.any(String),
      user_id: playerId,
      project_id: 'marquee',
    });
    await expect(test.app.services.identity.verifyIdToken(answer.id_token)).resolves.toMatchObject({
      uid: playerId,
    });
    const json = await post('token', { grant_type: 'refresh_token', refresh_token: body.refreshToken });
    expect(json.statusCode).toBe(200);
  });

  it.each([
    ['grant_type=refresh_token', 'MISSING_REFRESH_TOKEN'],
    ['grant_type=refresh_token&refresh_token=', 'MISSING_REFRESH_TOKEN'],
    ['grant_type=password&refresh_token=x', 'INVALID_GRANT_TYPE'],
    ['refresh_token=x', 'INVALID_GRANT_TYPE'],
    ['grant_type=refresh_token&refresh_token=unknown', 'INVALID_REFRESH_TOKEN'],
  ])('token with %s answers 400 %s', async (payload, message) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/identity/v1/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(identityError(message));
  });

  it('looks the account up, with validSince in seconds and times in milliseconds', async () => {
    const { playerId, body } = await playerSession();
    const response = await post('accounts:lookup', { idToken: body.idToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kind: 'identitytoolkit#GetAccountInfoResponse',
      users: [
        {
          localId: playerId,
          emailVerified: false,
          disabled: false,
          validSince: '0',
          createdAt: String(test.clock()),
          lastLoginAt: String(test.clock()),
        },
      ],
    });
    expect((await post('accounts:lookup', {})).json()).toEqual(identityError('INVALID_ID_TOKEN'));
    expect((await post('accounts:lookup', { idToken: 'x' })).json()).toEqual(
      identityError('INVALID_ID_TOKEN'),
    );
    test.clock.advance(3600_000);
    expect((await post('accounts:lookup', { idToken: body.idToken })).json()).toEqual(
      identityError('TOKEN_EXPIRED'),
    );
  });

  it('revokeToken refuses the earlier ID token and refresh token at once', async () => {
    const { body } = await playerSession();
    const revoked = await post('accounts:revokeToken', { idToken: body.idToken, providerId: 'custom' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({});
    expect((await post('accounts:lookup', { idToken: body.idToken })).json()).toEqual(
      identityError('TOKEN_EXPIRED'),
    );
    expect(
      (await post('token', { grant_type: 'refresh_token', refresh_token: body.refreshToken })).json(),
    ).toEqual(identityError('TOKEN_EXPIRED'));
  });

  it('a disabled account is refused by lookup and by refresh', async () => {
    const { playerId, body } = await playerSession();
    await test.app.services.identity.setDisabled('player', playerId, true);
    expect((await post('accounts:lookup', { idToken: body.idToken })).json()).toEqual(
      identityError('USER_DISABLED'),
    );
    expect(
      (await post('token', { grant_type: 'refresh_token', refresh_token: body.refreshToken })).json(),
    ).toEqual(identityError('USER_DISABLED'));
  });

  it('deletes the account', async () => {
    const { body } = await playerSession();
    const deleted = await post('accounts:delete', { idToken: body.idToken });
    expect(deleted.json()).toEqual({ kind: 'identitytoolkit#DeleteAccountResponse' });
    expect((await post('accounts:lookup', { idToken: body.idToken })).json()).toEqual(
      identityError('USER_NOT_FOUND'),
    );
  });

  it('answers the password policy (default minimum 6)', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/identity/v1/passwordPolicy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      customStrengthOptions: { minPasswordLength: 6 },
      enforcementState: 'ENFORCE',
      forceUpgradeOnSignin: false,
      schemaVersion: 1,
      policy: { minLength: 6 },
      requirements: ['at least 6 characters'],
    });
  });

  it('signs an operator up and in with email and password', async () => {
    const signUp = await post('accounts:signUp', {
      email: 'Ann@Example.com',
      password: 'secret1',
      returnSecureToken: true,
    });
    expect(signUp.statusCode).toBe(200);
    const created = signUp.json<Record<string, string>>();
    expect(created).toEqual({
      kind: 'identitytoolkit#SignupNewUserResponse',
      localId: expect.any(String),
      email: 'ann@example.com',
      idToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: '3600',
    });
    const signIn = await post('accounts:signInWithPassword', {
      email: 'ann@example.com',
      password: 'secret1',
    });
    expect(signIn.json()).toEqual({
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId: created.localId,
      email: 'ann@example.com',
      displayName: '',
      registered: true,
      idToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: '3600',
    });
    const lookup = await post('accounts:lookup', { idToken: signIn.json<{ idToken: string }>().idToken });
    expect(lookup.json()).toMatchObject({ users: [{ localId: created.localId, email: 'ann@example.com' }] });
  });

  it.each([
    [
      'accounts:signUp',
      { email: 'a@example.com', password: '12345' },
      'WEAK_PASSWORD : The password needs at least 6 characters.',
    ],
    ['accounts:signUp', { email: 'nope', password: '123456' }, 'INVALID_EMAIL'],
    ['accounts:signUp', { password: '123456' }, 'MISSING_EMAIL'],
    ['accounts:signUp', { email: 'a@example.com' }, 'MISSING_PASSWORD'],
    ['accounts:signUp', { email: 5, password: '123456' }, "INVALID_EMAIL : Invalid value at 'email'"],
    [
      'accounts:signInWithPassword',
      { email: 'nobody@example.com', password: '123456' },
      'INVALID_LOGIN_CREDENTIALS',
    ],
  ])('%s with %j answers 400 %s', async (url, payload, message) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(identityError(message));
  });

  it('answers EMAIL_EXISTS for an address already signed up, whatever its case', async () => {
    expect((await post('accounts:signUp', { email: 'b@example.com', password: '123456' })).statusCode).toBe(
      200,
    );
    const again = await post('accounts:signUp', { email: 'B@EXAMPLE.COM', password: '654321' });
    expect(again.json()).toEqual(identityError('EMAIL_EXISTS'));
  });

  it('never answers 5xx, whatever JSON or form is sent to any route', async () => {
    const routes = [
      'accounts:signInWithCustomToken',
      'token',
      'accounts:lookup',
      'accounts:delete',
      'accounts:revokeToken',
      'accounts:signUp',
      'accounts:signInWithPassword',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.jsonValue(), async (route, payload) => {
        const json = await test.app.inject({
          method: 'POST',
          url: `/identity/v1/${route}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(json.statusCode).toBeLessThan(500);
        const form = await test.app.inject({
          method: 'POST',
          url: `/identity/v1/${route}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        });
        expect(form.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('answers malformed JSON in the identity shape, never 5xx', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:lookup',
      headers: { 'content-type': 'application/json' },
      payload: '{"idToken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^INVALID_ARGUMENT : /);
  });
});

describe('/identity/v1 rate limits', () => {
  it('limits sign-in attempts per IP: TOO_MANY_ATTEMPTS_TRY_LATER after the limit, per minute', async () => {
    const test = await startTestApp({ rateLimits: { signInPerIp: 2 } });
    try {
      const attempt = (remoteAddress: string) =>
        test.app.inject({
          method: 'POST',
          url: '/identity/v1/accounts:signInWithPassword',
          remoteAddress,
          payload: { email: 'x@example.com', password: '123456' },
        });
      expect((await attempt('10.0.0.1')).statusCode).toBe(400);
      expect((await attempt('10.0.0.1')).statusCode).toBe(400);
      const limited = await attempt('10.0.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(identityError('TOO_MANY_ATTEMPTS_TRY_LATER', 429));
      expect((await attempt('10.0.0.2')).statusCode).toBe(400);
    } finally {
      await test.close();
    }
  });
});
