// The open team routes (docs/teams.md): accepting an invitation answers a session like sign-in's; asking for a
// password reset answers the same bytes for a member's address and an unknown one; each route is rate limited per
// client address like sign-in.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { PASSWORD, bearer, signUpOperator, type TestOperator } from '../../test/harness/management';
import { invite, memberEmail } from '../../test/harness/members';

const LIMIT = 5;

describe('/api/v1/auth team routes', () => {
  let test: TestApp;
  let owner: TestOperator;

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null, webhookTimers: null, rateLimits: { signInPerIp: LIMIT } });
    owner = await signUpOperator(test.app, 'Open Routes Org');
  });
  afterAll(async () => {
    await test.close();
  });

  const post = (url: string, payload: object, remoteAddress: string) =>
    test.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, remoteAddress });

  it('accepting an invitation answers 201 with a session like sign-in', async () => {
    const invitation = await invite(test.app, owner, 'editor');
    const response = await post(
      'accept-invitation',
      { token: invitation.token, password: PASSWORD },
      '10.0.0.1',
    );
    expect(response.statusCode).toBe(201);
    const session = response.json();
    expect(session).toEqual({
      idToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 3600,
      user: { id: expect.any(String), email: invitation.email },
      org: { id: owner.orgId, name: 'Open Routes Org' },
    });
    const me = await test.app.inject({ url: '/api/v1/me', headers: bearer(session.idToken) });
    expect(me.json()).toMatchObject({ role: 'editor', org: { id: owner.orgId } });
  });

  it('refuses a bad body naming the field', async () => {
    const response = await post('accept-invitation', { token: 'x' }, '10.0.0.2');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('password');
    const badEmail = await post('password-reset', { email: 'not an address' }, '10.0.0.2');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatchObject({ code: 'INVALID_EMAIL', field: 'email' });
  });

  it("answers a reset request alike for a member's address and an unknown one (202, emailed: false without SMTP)", async () => {
    const known = await post('password-reset', { email: owner.email }, '10.0.0.3');
    const unknown = await post('password-reset', { email: memberEmail('ghost') }, '10.0.0.3');
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ emailed: false });
  });

  it.each(['accept-invitation', 'password-reset', 'password-reset/complete'])(
    'limits %s per client address (429 with Retry-After)',
    async (route) => {
      const body =
        route === 'password-reset' ? { email: memberEmail() } : { token: 'forged', password: PASSWORD };
      const address = `10.1.0.${route.length}`;
      for (let i = 0; i < LIMIT; i++) expect((await post(route, body, address)).statusCode).not.toBe(429);
      const limited = await post(route, body, address);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(route, body, '10.2.0.1')).statusCode).not.toBe(429);
    },
  );
});
