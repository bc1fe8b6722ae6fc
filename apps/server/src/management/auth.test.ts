import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { PASSWORD, bearer, registerPlayer, signUpOperator } from '../../test/harness/management';

describe('/api/v1/auth and /api/v1/me', () => {
  let test: TestApp;
  let sequence = 0;
  const email = () => `auth${++sequence}@example.com`;

  beforeAll(async () => {
    test = await startTestApp({ rateLimits: { signInPerIp: 1000 } });
  });
  afterAll(async () => {
    await test.close();
  });

  const post = (url: string, payload: unknown) =>
    test.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload: payload as object });
  const count = async (table: 'orgs' | 'users') =>
    Number(
      (
        await test.app.services.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('POST /auth/signup', () => {
    it('creates the organisation and its operator and answers a session', async () => {
      const address = email();
      const response = await post('signup', { email: address, password: PASSWORD, orgName: '  Acme Signs ' });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ expiresIn: 3600, user: { email: address }, org: { name: 'Acme Signs' } });
      expect(typeof body.refreshToken).toBe('string');
      const claims = decodeJwt(body.idToken);
      expect(claims.sub).toBe(body.user.id);
      expect(claims.org_id).toBe(body.org.id);
      const user = await test.app.services.db
        .selectFrom('users')
        .select(['org_id', 'email'])
        .where('id', '=', body.user.id)
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ org_id: body.org.id, email: address });
    });

    it('refuses a password below the policy, naming the unmet requirement, and stores nothing', async () => {
      const [orgs, users] = [await count('orgs'), await count('users')];
      const response = await post('signup', { email: email(), password: '12345', orgName: 'Acme' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'WEAK_PASSWORD',
          message: 'The password needs at least 6 characters.',
          field: 'password',
          requirements: ['at least 6 characters'],
        },
      });
      expect([await count('orgs'), await count('users')]).toEqual([orgs, users]);
    });

    it('accepts a password of exactly the minimum length', async () => {
      expect((await post('signup', { email: email(), password: '123456', orgName: 'Acme' })).statusCode).toBe(
        201,
      );
    });

    it('answers 409 for an email that has an account, and leaves no organisation behind', async () => {
      const address = email();
      expect((await post('signup', { email: address, password: PASSWORD, orgName: 'One' })).statusCode).toBe(
        201,
      );
      const orgs = await count('orgs');
      const again = await post('signup', {
        email: address.toUpperCase(),
        password: PASSWORD,
        orgName: 'Two',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('EMAIL_EXISTS');
      expect(await count('orgs')).toBe(orgs);
    });

    it.each([
      [{ email: 'not-an-email', password: PASSWORD, orgName: 'Acme' }, 'email', 'INVALID_EMAIL'],
      [{ email: 'a@example.com', password: PASSWORD }, 'orgName', 'VALIDATION_FAILED'],
      [{ email: 'a@example.com', password: PASSWORD, orgName: '   ' }, 'orgName', 'VALIDATION_FAILED'],
      [
        { email: 'a@example.com', password: PASSWORD, orgName: 'x'.repeat(121) },
        'orgName',
        'VALIDATION_FAILED',
      ],
      [{ email: 42, password: PASSWORD, orgName: 'Acme' }, 'email', 'VALIDATION_FAILED'],
      [{ password: PASSWORD, orgName: 'Acme' }, 'email', 'VALIDATION_FAILED'],
      [
        { email: 'a@example.com', password: PASSWORD, orgName: 'Acme', role: 'admin' },
        'body',
        'VALIDATION_FAILED',
      ],
    ])('refuses %j naming %s', async (payload, field, code) => {
      const response = await post('signup', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code, field });
    });

    it('refuses a body that is not JSON', async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('INVALID_JSON');
    });
  });

  describe('POST /auth/signin', () => {
    it('signs a known operator in', async () => {
      const operator = await signUpOperator(test.app, 'Signin Org');
      const response = await post('signin', { email: operator.email, password: PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        user: { id: operator.userId, email: operator.email },
        org: { id: operator.orgId, name: 'Signin Org' },
      });
    });

    it('answers a wrong password and an unknown email alike, 401', async () => {
      const operator = await signUpOperator(test.app);
      const wrong = await post('signin', { email: operator.email, password: 'wrong password' });
      const unknown = await post('signin', { email: 'nobody@example.com', password: PASSWORD });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toEqual({
          code: 'INVALID_CREDENTIALS',
          message: 'Wrong email address or password',
        });
      }
    });

    it('answers 403 for a disabled account', async () => {
      const operator = await signUpOperator(test.app);
      await test.app.services.identity.setDisabled('operator', operator.userId, true);
      const response = await post('signin', { email: operator.email, password: PASSWORD });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ACCOUNT_DISABLED');
    });

    it('refuses a missing password naming it', async () => {
      const response = await post('signin', { email: 'a@example.com' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.field).toBe('password');
    });

    it('refuses an empty password naming it', async () => {
      const response = await post('signin', { email: 'a@example.com', password: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'MISSING_PASSWORD', field: 'password' });
    });
  });

  describe('GET /me and the operator authentication', () => {
    it('names the operator, their organisation, and the owner role of the one who made it', async () => {
      const operator = await signUpOperator(test.app, 'Me Org');
      const response = await test.app.inject({ url: '/api/v1/me', headers: bearer(operator.token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user: { id: operator.userId, email: operator.email },
        org: { id: operator.orgId, name: 'Me Org' },
        role: 'owner',
        actor: 'member',
      });
    });

    it.each([
      [undefined, 401, 'MISSING_AUTHORIZATION'],
      ['', 401, 'MISSING_AUTHORIZATION'],
      ['Basic abc', 401, 'INVALID_AUTHORIZATION'],
      ['Bearer', 401, 'INVALID_AUTHORIZATION'],
      ['Bearer not.a.token', 401, 'INVALID_TOKEN'],
    ])('answers Authorization %j with %i %s', async (authorization, status, code) => {
      const response = await test.app.inject({
        url: '/api/v1/me',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(status);
      expect(response.json().error.code).toBe(code);
    });

    it('refuses a revoked token (401 TOKEN_EXPIRED) and an expired one', async () => {
      const operator = await signUpOperator(test.app);
      await test.app.services.identity.revokeTokens('operator', operator.userId);
      test.clock.advance(2000);
      const revoked = await test.app.inject({ url: '/api/v1/me', headers: bearer(operator.token) });
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json().error.code).toBe('TOKEN_EXPIRED');

      const other = await signUpOperator(test.app);
      test.clock.advance(3601 * 1000);
      const expired = await test.app.inject({ url: '/api/v1/me', headers: bearer(other.token) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('TOKEN_EXPIRED');
    });

    it("refuses a player's ID token (403 NOT_AN_OPERATOR)", async () => {
      const player = await registerPlayer(test.app);
      const { idToken } = await test.app.services.identity.signInWithCustomToken(player.auth.firebaseTokenV2);
      const response = await test.app.inject({ url: '/api/v1/me', headers: bearer(idToken) });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('NOT_AN_OPERATOR');
    });

    it('refuses an operator without an organisation (403 NO_ORGANISATION)', async () => {
      const { idToken } = await test.app.services.identity.signUp(email(), PASSWORD, null);
      const response = await test.app.inject({ url: '/api/v1/me', headers: bearer(idToken) });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('NO_ORGANISATION');
    });
  });

  it('rate limits sign-in per address', async () => {
    const limited = await startTestApp({ rateLimits: { signInPerIp: 3 } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signin',
          payload: { email: 'x@example.com', password: 'whatever1' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        remoteAddress: '10.0.0.9',
        payload: { email: 'x@example.com', password: 'whatever1' },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
