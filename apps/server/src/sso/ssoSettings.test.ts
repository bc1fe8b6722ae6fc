// docs/teams.md §Single sign-on: an admin sets the organisation's OpenID provider, checked by discovery against a
// real provider; a provider that cannot be used is a 400 naming `issuer` with the reason and stores nothing; the
// client secret is never answered; an editor is refused; another organisation's settings are out of reach; every
// change is in the audit log without the secret. On both engines.

import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  freePort,
  startOidcProvider,
  startWebhookReceiver,
  type OidcProviderServer,
  type WebhookReceiver,
} from '@marquee/testbed';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { describeOnBothEngines } from '../../test/harness/databases';
import { bearer, signUpOperator, type TestOperator } from '../../test/harness/management';
import { addMember } from '../../test/harness/members';

const SECRET = 'the-client-secret-9f2c';

describeOnBothEngines('single sign-on settings', (database) => {
  let test: TestApp;
  let provider: OidcProviderServer;
  let notAProvider: WebhookReceiver;
  let owner: TestOperator;
  let admin: TestOperator;
  let editor: TestOperator;
  let otherOrg: TestOperator;

  beforeAll(async () => {
    test = await startTestApp({
      database: database(),
      env: { MARQUEE_PUBLIC_URL: 'https://signage.example' },
    });
    provider = await startOidcProvider({
      clients: [
        {
          clientId: 'marquee',
          clientSecret: SECRET,
          redirectUris: ['https://signage.example/api/v1/auth/sso/callback'],
        },
      ],
      accounts: [],
    });
    notAProvider = await startWebhookReceiver('/');
    owner = await signUpOperator(test.app, 'Settings Org');
    admin = await addMember(test.app, owner, 'admin');
    editor = await addMember(test.app, owner, 'editor');
    otherOrg = await signUpOperator(test.app, 'Other Org');
  });
  afterAll(async () => {
    await test?.close();
    await provider?.close();
    await notAProvider?.close();
  });

  const call = async (token: string, method: 'GET' | 'PUT' | 'DELETE', payload?: object) => {
    const response = await test.app.inject({
      method,
      url: '/api/v1/sso',
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: response.statusCode, text: response.body, body: response.json() };
  };
  const settings = () => ({ issuer: provider.issuer, clientId: 'marquee', clientSecret: SECRET });
  const stored = () =>
    test.app.services.db
      .selectFrom('org_sso')
      .selectAll()
      .where('org_id', '=', owner.orgId)
      .executeTakeFirst();
  const auditOf = (action: string) =>
    test.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('org_id', '=', owner.orgId)
      .where('action', '=', action)
      .orderBy('at')
      .orderBy('id')
      .execute();

  it('answers null before any provider is set', async () => {
    expect(await call(admin.token, 'GET')).toMatchObject({ status: 200, body: { sso: null } });
  });

  it.each([
    [
      'an address nothing listens on',
      async () => `http://127.0.0.1:${await freePort()}`,
      'could not be reached',
    ],
    ['a web server that is no provider', async () => notAProvider.url.replace(/\/$/, ''), 'issuer'],
    ['a plain http:// address on the network', async () => 'http://sso.example.com', 'https://'],
  ])('refuses %s: 400 naming issuer, nothing stored', async (_name, issuerOf, reason) => {
    const issuer = await issuerOf();
    const answer = await call(admin.token, 'PUT', { ...settings(), issuer });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'SSO_ISSUER_UNUSABLE', field: 'issuer' });
    expect(answer.body.error.message).toContain(issuer);
    expect(answer.body.error.message).toContain(reason);
    expect(await stored()).toBeUndefined();
  });

  it('refuses a provider that does not answer within 5 seconds', async () => {
    notAProvider.answer = () => 'hang';
    try {
      const started = performance.now();
      const answer = await call(admin.token, 'PUT', {
        ...settings(),
        issuer: notAProvider.url.replace(/\/$/, ''),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.field).toBe('issuer');
      expect(answer.body.error.message).toContain('did not answer within 5 seconds');
      expect(performance.now() - started).toBeLessThan(8000);
    } finally {
      notAProvider.answer = () => 200;
    }
    expect(await stored()).toBeUndefined();
  }, 15_000);

  it('refuses a body without a client id, naming clientId', async () => {
    const answer = await call(admin.token, 'PUT', { issuer: provider.issuer, clientSecret: SECRET });
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('clientId');
    expect(await stored()).toBeUndefined();
  });

  it('refuses an editor to read, set or remove it (403 from the access table)', async () => {
    for (const [method, payload] of [['GET'], ['PUT', settings()], ['DELETE']] as const) {
      const answer = await call(editor.token, method, payload);
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('ROLE_REQUIRED');
    }
    expect(await stored()).toBeUndefined();
  });

  it('stores a provider that answers discovery, and never answers the secret', async () => {
    const put = await call(admin.token, 'PUT', settings());
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      sso: {
        issuer: provider.issuer,
        clientId: 'marquee',
        redirectUri: 'https://signage.example/api/v1/auth/sso/callback',
        updatedAt: test.clock(),
      },
    });
    expect(put.text).not.toContain(SECRET);
    const get = await call(owner.token, 'GET');
    expect(get.body).toEqual(put.body);
    expect(get.text).not.toContain(SECRET);
    // Kept as given: it is presented to the provider at every sign-in.
    expect((await stored())?.client_secret).toBe(SECRET);
  });

  it('logs each change, with before and after and never the secret', async () => {
    test.clock.advance(1000);
    await call(owner.token, 'PUT', {
      ...settings(),
      clientId: ' marquee-2 ',
      clientSecret: 'another-secret',
    });
    const updates = await auditOf('sso.update');
    expect(
      updates.map((entry) => [JSON.parse(entry.before ?? 'null'), JSON.parse(entry.after ?? 'null')]),
    ).toEqual([
      [null, { issuer: provider.issuer, clientId: 'marquee' }],
      [
        { issuer: provider.issuer, clientId: 'marquee' },
        { issuer: provider.issuer, clientId: 'marquee-2' },
      ],
    ]);
    expect(updates.map((entry) => entry.actor_id)).toEqual([admin.userId, owner.userId]);
    expect(JSON.stringify(updates)).not.toContain(SECRET);
    expect(JSON.stringify(updates)).not.toContain('another-secret');
  });

  it("keeps another organisation's admin away from it", async () => {
    expect((await call(otherOrg.token, 'GET')).body).toEqual({ sso: null });
    const deleted = await call(otherOrg.token, 'DELETE');
    expect(deleted.status).toBe(404);
    expect(await stored()).toMatchObject({ client_id: 'marquee-2' });
  });

  it('removes it, logged; a second removal is a 404', async () => {
    const deleted = await call(admin.token, 'DELETE');
    expect(deleted).toMatchObject({ status: 200, body: { deleted: owner.orgId } });
    expect(await call(admin.token, 'GET')).toMatchObject({ body: { sso: null } });
    expect(await call(admin.token, 'DELETE')).toMatchObject({ status: 404 });
    const entries = await auditOf('sso.delete');
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]?.before ?? 'null')).toEqual({
      issuer: provider.issuer,
      clientId: 'marquee-2',
    });
  });
});
