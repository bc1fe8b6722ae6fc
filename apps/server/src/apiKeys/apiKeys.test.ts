// API keys end to end over the management API, on both engines (docs/teams.md §API keys): a key is shown once and
// stored hashed, acts with its role on every route that role allows, is revoked at once on every node sharing the
// database, and making or revoking one is audited. Two apps on one database stand for two nodes.

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_API_KEYS_PER_ORG } from '@marquee/management-api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { makeApiKey, memberOf } from '../../test/harness/apiKeys';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { bearer, signUpOperator, type TestOperator } from '../../test/harness/management';
import { LAST_USE_RESOLUTION_MS } from './apiKeyService';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(['sqlite', 'postgres'] as const)('API keys (%s)', (engine) => {
  let database: TestDatabase;
  let node: TestApp;
  let otherNode: TestApp;
  let owner: TestOperator;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    node = await startTestApp({ database: database.handle, sweepTimers: null });
    otherNode = await startTestApp({ database: database.handle, sweepTimers: null });
    owner = await signUpOperator(node.app, 'Keys Org');
  });
  afterAll(async () => {
    await otherNode?.close();
    await node?.close();
    await database?.dispose();
  });

  const call = (token: string, method: Method, url: string, payload?: object, on = node) =>
    on.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const keyRows = () => database.handle.db.selectFrom('api_keys').selectAll().execute();
  const auditOf = (targetId: string) =>
    database.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', targetId)
      .orderBy('at')
      .orderBy('id')
      .execute();

  it('makes a key shown once, lists it without the key, stores only its hash, and audits the creation', async () => {
    const response = await call(owner.token, 'POST', '/api-keys', { name: '  POS till  ', role: 'editor' });
    expect(response.statusCode).toBe(201);
    const created = response.json<Record<string, unknown> & { id: string; key: string; prefix: string }>();
    expect(created).toMatchObject({
      name: 'POS till',
      role: 'editor',
      createdBy: owner.userId,
      createdAt: node.clock(),
      lastUsedAt: null,
    });
    expect(created.key).toMatch(/^mq_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix.length).toBeLessThan(16);

    const listed = await call(owner.token, 'GET', '/api-keys');
    expect(listed.statusCode).toBe(200);
    const { key: _shownOnce, ...withoutKey } = created;
    expect(listed.json()).toEqual({ apiKeys: [withoutKey] });
    expect(listed.body).not.toContain(created.key);

    const row = (await keyRows()).find((stored) => stored.id === created.id);
    expect(row?.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(created.prefix.length));

    const audit = await auditOf(created.id);
    expect(audit).toMatchObject([
      {
        org_id: owner.orgId,
        actor_kind: 'member',
        actor_id: owner.userId,
        action: 'apiKey.create',
        target_type: 'apiKey',
      },
    ]);
    expect(JSON.parse(audit[0]!.after as string)).toEqual({
      name: 'POS till',
      role: 'editor',
      prefix: created.prefix,
    });
    expect(JSON.stringify(audit)).not.toContain(created.key.slice(created.prefix.length));
  });

  it("acts as the key: /me answers the key's organisation, role and actor, and the last use is kept to the minute", async () => {
    const key = await makeApiKey(node.app, owner, 'viewer', 'Lobby board');
    const me = await call(key.key, 'GET', '/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { id: key.id, email: 'Lobby board' },
      org: { id: owner.orgId, name: 'Keys Org' },
      role: 'viewer',
      actor: 'apiKey',
    });
    const lastUse = async () =>
      (await call(owner.token, 'GET', '/api-keys'))
        .json<{ apiKeys: { id: string; lastUsedAt: number | null }[] }>()
        .apiKeys.find((listed) => listed.id === key.id)?.lastUsedAt;
    const firstUse = node.clock();
    expect(await lastUse()).toBe(firstUse);
    node.clock.advance(LAST_USE_RESOLUTION_MS - 1);
    expect((await call(key.key, 'GET', '/screens')).statusCode).toBe(200);
    expect(await lastUse()).toBe(firstUse);
    node.clock.advance(1);
    expect((await call(key.key, 'GET', '/screens')).statusCode).toBe(200);
    expect(await lastUse()).toBe(node.clock());
  });

  it('revokes a key at once, on this node and on another one sharing the database, and audits it', async () => {
    const key = await makeApiKey(node.app, owner, 'editor');
    expect((await call(key.key, 'GET', '/playlists', undefined, node)).statusCode).toBe(200);
    expect((await call(key.key, 'GET', '/playlists', undefined, otherNode)).statusCode).toBe(200);

    const revoked = await call(owner.token, 'DELETE', `/api-keys/${key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ deleted: key.id });

    for (const on of [node, otherNode]) {
      const refused = await call(key.key, 'GET', '/playlists', undefined, on);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: { code: 'INVALID_API_KEY' } });
    }
    const listed = (await call(owner.token, 'GET', '/api-keys')).json<{ apiKeys: { id: string }[] }>();
    expect(listed.apiKeys.map((listedKey) => listedKey.id)).not.toContain(key.id);
    expect((await auditOf(key.id)).map((entry) => entry.action)).toEqual(['apiKey.create', 'apiKey.revoke']);
    // Revoked already: answered as absent, and not audited again.
    expect((await call(owner.token, 'DELETE', `/api-keys/${key.id}`)).statusCode).toBe(404);
    expect(await auditOf(key.id)).toHaveLength(2);
  });

  it('refuses an unknown, forged or malformed key with 401', async () => {
    const key = await makeApiKey(node.app, owner, 'viewer');
    const forged = `${key.key.slice(0, -1)}${key.key.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [forged, 'mq_short', `mq_${'A'.repeat(43)}`]) {
      const response = await call(token, 'GET', '/screens');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'INVALID_API_KEY' } });
    }
  });

  it('lets only admins and owners make keys, never above their role, and never a key', async () => {
    const before = (await keyRows()).length;
    const editor = await memberOf(node.app, owner, 'editor');
    const byEditor = await call(editor.token, 'POST', '/api-keys', { name: 'Mine', role: 'editor' });
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json()).toMatchObject({ error: { code: 'ROLE_REQUIRED' } });

    const admin = await memberOf(node.app, owner, 'admin');
    const ownerKey = await call(admin.token, 'POST', '/api-keys', { name: 'Boss', role: 'owner' });
    expect(ownerKey.statusCode).toBe(400);
    expect(ownerKey.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'role' } });

    const adminKey = await makeApiKey(node.app, admin, 'admin');
    const byKey = await call(adminKey.key, 'POST', '/api-keys', { name: 'Child', role: 'viewer' });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json()).toMatchObject({ error: { code: 'MEMBERS_ONLY' } });
    // The admin key itself is the only one made.
    expect((await keyRows()).length).toBe(before + 1);
  });

  it('names the field of a bad body and changes nothing', async () => {
    const before = (await keyRows()).length;
    for (const [payload, field] of [
      [{ name: '   ', role: 'viewer' }, 'name'],
      [{ name: 'x'.repeat(101), role: 'viewer' }, 'name'],
      [{ name: 'Till', role: 'superuser' }, 'role'],
      [{ name: 'Till' }, 'role'],
      [{ name: 'Till', role: 'viewer', key: 'mq_mine' }, 'body'],
    ] as const) {
      const response = await call(owner.token, 'POST', '/api-keys', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: { field: string; message: string } }>().error.message).toContain(field);
    }
    expect((await keyRows()).length).toBe(before);
  });

  it('acts with the key’s role: an editor key changes content, not webhooks or keys; a viewer key only reads', async () => {
    const editorKey = await makeApiKey(node.app, owner, 'editor');
    const playlist = { name: 'Menu', items: [{ src: 'https://example.com/menu.png', durationMs: 5000 }] };
    expect((await call(editorKey.key, 'POST', '/playlists', playlist)).statusCode).toBe(201);
    const webhook = await call(editorKey.key, 'POST', '/webhooks', {
      url: 'https://example.com/hook',
      events: ['screen.online'],
    });
    expect(webhook.statusCode).toBe(403);
    expect(webhook.json()).toMatchObject({ error: { code: 'ROLE_REQUIRED' } });
    expect((await call(editorKey.key, 'GET', '/api-keys')).statusCode).toBe(403);

    const viewerKey = await makeApiKey(node.app, owner, 'viewer');
    expect((await call(viewerKey.key, 'GET', '/screens')).statusCode).toBe(200);
    expect((await call(viewerKey.key, 'GET', '/playlists')).statusCode).toBe(200);
    const refused = await call(viewerKey.key, 'POST', '/playlists', { ...playlist, name: 'Not mine' });
    expect(refused.statusCode).toBe(403);
    const names = (await call(owner.token, 'GET', '/playlists')).json<{ playlists: { name: string }[] }>();
    expect(names.playlists.map((listed) => listed.name)).not.toContain('Not mine');
  });

  it('acts with the least role when the stored role is not one a key may hold, and never fails on it', async () => {
    const key = await makeApiKey(node.app, owner, 'admin', 'Tampered');
    await database.handle.db
      .updateTable('api_keys')
      .set({ role: 'superuser' as never })
      .where('id', '=', key.id)
      .execute();
    expect((await call(key.key, 'GET', '/me')).json()).toMatchObject({ role: 'viewer' });
    expect((await call(key.key, 'GET', '/api-keys')).statusCode).toBe(403);
    const listed = await call(owner.token, 'GET', '/api-keys');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ apiKeys: { id: string; role: string }[] }>().apiKeys).toContainEqual(
      expect.objectContaining({ id: key.id, role: 'viewer' }),
    );
  });

  it("reaches only its own organisation's keys: another organisation's key id is 404 and the key lives on", async () => {
    const stranger = await signUpOperator(node.app, 'Other Org');
    const theirs = await makeApiKey(node.app, stranger, 'admin');
    const mine = await makeApiKey(node.app, owner, 'admin');

    const revoke = await call(owner.token, 'DELETE', `/api-keys/${theirs.id}`);
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json()).toMatchObject({ error: { code: 'API_KEY_NOT_FOUND' } });
    expect((await call(mine.key, 'DELETE', `/api-keys/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(theirs.key, 'GET', '/api-keys')).statusCode).toBe(200);

    const listed = (await call(owner.token, 'GET', '/api-keys')).json<{ apiKeys: { id: string }[] }>();
    expect(listed.apiKeys.map((key) => key.id)).not.toContain(theirs.id);
    const seenByKey = (await call(theirs.key, 'GET', '/api-keys')).json<{ apiKeys: { id: string }[] }>();
    expect(seenByKey.apiKeys.map((key) => key.id)).toEqual([theirs.id]);
    expect((await call(theirs.key, 'GET', '/me')).json()).toMatchObject({ org: { id: stranger.orgId } });
  });

  it(`holds at most ${MAX_API_KEYS_PER_ORG} live keys per organisation (409); a revoked key frees its place`, async () => {
    const team = await signUpOperator(node.app, 'Busy Org');
    const made = await makeApiKey(node.app, team, 'viewer');
    const now = node.clock();
    await database.handle.db
      .insertInto('api_keys')
      .values(
        Array.from({ length: MAX_API_KEYS_PER_ORG - 1 }, (_, i) => ({
          id: `bulk-${engine}-${i}`,
          org_id: team.orgId,
          name: `Bulk ${i}`,
          role: 'viewer' as const,
          key_hash: `bulk-hash-${engine}-${i}`,
          prefix: 'mq_bulk',
          created_by: team.userId,
          created_at: now,
        })),
      )
      .execute();
    const over = await call(team.token, 'POST', '/api-keys', { name: 'One too many', role: 'viewer' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: { code: 'TOO_MANY_API_KEYS' } });
    expect((await call(team.token, 'DELETE', `/api-keys/${made.id}`)).statusCode).toBe(200);
    expect(
      (await call(team.token, 'POST', '/api-keys', { name: 'Now fits', role: 'viewer' })).statusCode,
    ).toBe(201);
  });
});
