// docs/teams.md §Single sign-on: a member signs in through their organisation's real OpenID provider (started by
// the testbed), the whole authorization code flow with PKCE driven over HTTP by hand, as a browser would: the
// studio's start, the provider's login page, its redirect back, and Marquee's redirect to the studio with a
// session whose ID token is the member's. Refused, each with a readable reason: a state used twice, a state older
// than 10 minutes, a provider account that is no member of that organisation (even one of another organisation),
// an address the provider says is unverified; and an address without single sign-on, answered like an unknown one.
// On both engines.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOOPBACK, freePort, startOidcProvider, type OidcProviderServer } from '@marquee/testbed';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { describeOnBothEngines } from '../../test/harness/databases';
import { bearer, signUpOperator, type TestOperator } from '../../test/harness/management';
import { addMember } from '../../test/harness/members';

/** A browser's cookies for one site: what it was given, sent back on every request to it. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

describeOnBothEngines('single sign-on', (database) => {
  let test: TestApp;
  let publicUrl: string;
  let provider: OidcProviderServer;
  let owner: TestOperator;
  let editor: TestOperator;
  let otherOrgMember: TestOperator;

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://${LOOPBACK}:${port}`;
    provider = await startOidcProvider({
      clients: [
        {
          clientId: 'marquee',
          clientSecret: 'client-secret',
          redirectUris: [`${publicUrl}/api/v1/auth/sso/callback`],
        },
      ],
      accounts: [
        { sub: 'u-editor', email: 'Editor@Example.com', emailVerified: true },
        { sub: 'u-stranger', email: 'stranger@example.com', emailVerified: true },
        { sub: 'u-other', email: 'other-org@example.com' },
        { sub: 'u-unverified', email: 'unverified@example.com', emailVerified: false },
      ],
    });
    test = await startTestApp({ database: database(), env: { MARQUEE_PUBLIC_URL: publicUrl } });
    await test.app.listen({ host: LOOPBACK, port });
    owner = await signUpOperator(test.app, 'Signage & Co');
    editor = await addMember(test.app, owner, 'editor', 'editor@example.com');
    await addMember(test.app, owner, 'viewer', 'unverified@example.com');
    const otherOrg = await signUpOperator(test.app, 'Other Org');
    otherOrgMember = await addMember(test.app, otherOrg, 'admin', 'other-org@example.com');
    const put = await test.app.inject({
      method: 'PUT',
      url: '/api/v1/sso',
      headers: bearer(owner.token),
      payload: { issuer: provider.issuer, clientId: 'marquee', clientSecret: 'client-secret' },
    });
    expect(put.statusCode).toBe(200);
  });
  afterAll(async () => {
    await test?.close();
    await provider?.close();
  });

  const get = (url: string, jar?: CookieJar) =>
    fetch(url, { redirect: 'manual', headers: jar === undefined ? {} : { cookie: jar.header() } });
  /** The browser's cookies for Marquee (the single sign-on state); a test that swaps browsers makes another. */
  let marquee = new CookieJar();
  const locationOf = (response: Response) => {
    const location = response.headers.get('location');
    if (location === null) throw new Error(`${response.url} answered ${response.status} without a location`);
    return new URL(location, response.url).href;
  };

  /** The studio's start for `email`: where Marquee sends the browser (the provider's authorization URL). */
  const start = async (email: string) => {
    const response = await get(
      `${publicUrl}/api/v1/auth/sso/start?email=${encodeURIComponent(email)}`,
      marquee,
    );
    expect(response.status).toBe(302);
    marquee.take(response);
    return locationOf(response);
  };

  /** At the provider: its login page, signed in as `account`; answers where it sends the browser back. */
  const signInAtProvider = async (authorizationUrl: string, account: string) => {
    const jar = new CookieJar();
    const authorization = await get(authorizationUrl, jar);
    jar.take(authorization);
    const interactionUrl = locationOf(authorization);
    const page = await get(interactionUrl, jar);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const login = await fetch(new URL(action, interactionUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: account }).toString(),
    });
    jar.take(login);
    const resumed = await get(locationOf(login), jar);
    jar.take(resumed);
    const callback = locationOf(resumed);
    expect(callback.startsWith(`${publicUrl}/api/v1/auth/sso/callback?`)).toBe(true);
    return { callback, loginPage: html };
  };

  /** Marquee's callback: where it sends the browser (the studio's sign-in page), and the fragment's values. */
  const finish = async (callback: string) => {
    const response = await get(callback, marquee);
    expect(response.status).toBe(302);
    const location = new URL(locationOf(response));
    expect(`${location.origin}${location.pathname}`).toBe(`${publicUrl}/studio/signin`);
    expect(location.search).toBe('');
    return new URLSearchParams(location.hash.slice(1));
  };

  it('signs an invited member in through the provider, with PKCE, to a session of their own', async () => {
    const authorizationUrl = await start(' Editor@example.com ');
    expect(authorizationUrl.startsWith(`${provider.issuer}/auth?`)).toBe(true);
    const { callback, loginPage } = await signInAtProvider(authorizationUrl, 'editor@example.com');
    // The provider was asked for the code flow with an S256 challenge, for this address.
    const asked = provider.authorizations.at(-1);
    expect(asked?.get('response_type')).toBe('code');
    expect(asked?.get('code_challenge_method')).toBe('S256');
    expect(asked?.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(asked?.get('scope')).toBe('openid email');
    expect(asked?.get('login_hint')).toBe('editor@example.com');
    expect(loginPage).toContain('value="editor@example.com"');

    const fragment = await finish(callback);
    expect(fragment.get('ssoError')).toBeNull();
    const session = JSON.parse(Buffer.from(fragment.get('sso') ?? '', 'base64url').toString('utf8'));
    expect(session).toMatchObject({
      user: { id: editor.userId, email: 'editor@example.com' },
      org: { id: owner.orgId, name: 'Signage & Co' },
    });
    const me = await fetch(`${publicUrl}/api/v1/me`, { headers: bearer(session.idToken) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { id: editor.userId }, role: 'editor', actor: 'member' });
    // The refresh token renews it like a password sign-in's.
    const refreshed = await fetch(`${publicUrl}/identity/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: session.refreshToken,
      }).toString(),
    });
    expect(refreshed.status).toBe(200);

    // The same answer of the provider again (a replay, or the back button): the state is gone.
    const replayed = await finish(callback);
    expect(replayed.get('sso')).toBeNull();
    expect(replayed.get('ssoError')).toBe('SSO_STATE_UNKNOWN');
    expect(await test.app.services.db.selectFrom('sso_logins').selectAll().execute()).toEqual([]);
  });

  it('refuses a provider account that is no member of that organisation, naming it', async () => {
    for (const account of ['stranger@example.com', otherOrgMember.email]) {
      const { callback } = await signInAtProvider(await start(editor.email), account);
      const fragment = await finish(callback);
      expect(fragment.get('sso')).toBeNull();
      expect(fragment.get('ssoError')).toBe('SSO_NOT_A_MEMBER');
      expect(fragment.get('message')).toBe(
        `No member of Signage & Co has the address ${account}: ask an admin to invite you`,
      );
      expect(fragment.get('email')).toBe(account);
    }
  });

  it('refuses an address the provider says it has not verified', async () => {
    const { callback } = await signInAtProvider(
      await start('unverified@example.com'),
      'unverified@example.com',
    );
    const fragment = await finish(callback);
    expect(fragment.get('ssoError')).toBe('SSO_EMAIL_UNVERIFIED');
  });

  it('refuses a sign-in finished more than 10 minutes after it started', async () => {
    const { callback } = await signInAtProvider(await start(editor.email), editor.email);
    test.clock.advance(10 * 60 * 1000 + 1);
    const fragment = await finish(callback);
    expect(fragment.get('ssoError')).toBe('SSO_EXPIRED');
  });

  it("passes on a provider's refusal by its code, never its free text", async () => {
    const state = new URL(await start(editor.email)).searchParams.get('state') ?? '';
    const fragment = await finish(
      `${publicUrl}/api/v1/auth/sso/callback?${new URLSearchParams({
        state,
        error: 'access_denied',
        error_description: 'Call +1 555 0100 to unlock your account',
      }).toString()}`,
    );
    expect(fragment.get('ssoError')).toBe('SSO_DENIED');
    expect(fragment.get('message')).toBe('Your sign-in provider refused the sign-in (access_denied)');
  });

  it('refuses the callback in a browser that did not start the sign-in, and finishes it in the one that did', async () => {
    // Someone signs in at the provider as themselves and sends the callback's URL to someone else.
    const { callback } = await signInAtProvider(await start(editor.email), editor.email);
    const starter = marquee;
    marquee = new CookieJar();
    const elsewhere = await finish(callback);
    expect(elsewhere.get('ssoError')).toBe('SSO_OTHER_BROWSER');
    expect(elsewhere.get('sso')).toBeNull();
    marquee = starter;
    expect((await finish(callback)).get('sso')).not.toBeNull();
  });

  it('refuses a disabled member', async () => {
    await test.app.services.identity.setDisabled('operator', editor.userId, true);
    try {
      const { callback } = await signInAtProvider(await start(editor.email), editor.email);
      expect((await finish(callback)).get('ssoError')).toBe('SSO_ACCOUNT_DISABLED');
    } finally {
      await test.app.services.identity.setDisabled('operator', editor.userId, false);
    }
  });

  it('refuses a callback without a state or with one it never made', async () => {
    const forged = `${publicUrl}/api/v1/auth/sso/callback?code=x&state=forged`;
    expect((await finish(`${publicUrl}/api/v1/auth/sso/callback?code=x`)).get('ssoError')).toBe(
      'SSO_STATE_UNKNOWN',
    );
    // No browser started it…
    expect((await finish(forged)).get('ssoError')).toBe('SSO_OTHER_BROWSER');
    // …and one that claims to did not get it from the server.
    const response = await fetch(forged, {
      redirect: 'manual',
      headers: { cookie: 'marquee_sso_state=forged' },
    });
    expect(new URLSearchParams(new URL(locationOf(response)).hash.slice(1)).get('ssoError')).toBe(
      'SSO_STATE_UNKNOWN',
    );
  });

  it('answers an unknown address and a member without single sign-on alike, confirming neither', async () => {
    const answers = [];
    for (const email of ['nobody@example.com', otherOrgMember.email, 'not an address']) {
      const response = await get(`${publicUrl}/api/v1/auth/sso/start?email=${encodeURIComponent(email)}`);
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers[0]).toEqual({
      status: 400,
      body: {
        error: expect.objectContaining({
          code: 'SSO_NOT_AVAILABLE',
          message: 'Single sign-on is not set up for this address',
          field: 'email',
        }),
      },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });
});
