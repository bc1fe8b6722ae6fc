// /api/v1/members, invitations, passwords and the organisation over HTTP (docs/teams.md): the refusals of the
// issue's attack list each change nothing, a removed member's tokens stop at the very next call, a demoted
// member's next call has the new role, and every change leaves its audit entry. On both engines.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import {
  PASSWORD,
  SAMPLE_FILES,
  bearer,
  multipartBody,
  pairedScreen,
  playerDoc,
  signUpOperator,
  type TestOperator,
} from '../../test/harness/management';
import { addMember, invite } from '../../test/harness/members';
import { FAILED_SIGN_IN_LIMIT } from '../identity/failedSignIns';

describe.each(['sqlite', 'postgres'] as const)('members over HTTP (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let owner: TestOperator;
  let other: TestOperator;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({
      database: database.handle,
      sweepTimers: null,
      webhookTimers: null,
      rateLimits: { signInPerIp: 1000 },
    });
    owner = await signUpOperator(test.app, 'Members Org');
    other = await signUpOperator(test.app, 'Other Org');
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const call = (
    who: TestOperator | string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    test.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(typeof who === 'string' ? who : who.token),
      ...(payload === undefined ? {} : { payload }),
    });
  const roleOf = async (id: string) =>
    (await test.app.services.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst())
      ?.role;
  const audit = (orgId: string, action: string) =>
    test.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('action', '=', action)
      .orderBy('at')
      .orderBy('id')
      .execute();
  const refresh = (refreshToken: string) =>
    test.app.inject({
      method: 'POST',
      url: '/identity/v1/token',
      payload: { grant_type: 'refresh_token', refresh_token: refreshToken },
    });

  it('lists the members with their roles and last sign-in', async () => {
    const editor = await addMember(test.app, owner, 'editor');
    const response = await call(owner, 'GET', '/members');
    expect(response.statusCode).toBe(200);
    const { members } = response.json<{ members: { id: string; email: string; role: string }[] }>();
    expect(members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owner.userId, email: owner.email, role: 'owner' }),
        expect.objectContaining({
          id: editor.userId,
          email: editor.email,
          role: 'editor',
          lastSignInAt: expect.any(Number),
        }),
      ]),
    );
    expect(members.some((member) => member.id === other.userId)).toBe(false);
  });

  it("refuses a viewer's role change (403) and changes nothing", async () => {
    const viewer = await addMember(test.app, owner, 'viewer');
    const editor = await addMember(test.app, owner, 'editor');
    const response = await call(viewer, 'PATCH', `/members/${editor.userId}`, { role: 'admin' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ROLE_REQUIRED');
    expect(await roleOf(editor.userId)).toBe('editor');
  });

  it("answers 404 for another organisation's member, as if absent, and changes nothing", async () => {
    for (const [method, url, payload] of [
      ['PATCH', `/members/${other.userId}`, { role: 'viewer' }],
      ['DELETE', `/members/${other.userId}`, undefined],
      ['POST', `/members/${other.userId}/password-reset`, undefined],
      ['POST', '/org/transfer-ownership', { memberId: other.userId }],
    ] as const) {
      const response = await call(owner, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('MEMBER_NOT_FOUND');
    }
    expect(await roleOf(other.userId)).toBe('owner');
    expect((await call(other, 'GET', '/members')).statusCode).toBe(200);
  });

  it("refuses a role above the caller's, and an admin's change to an owner", async () => {
    const admin = await addMember(test.app, owner, 'admin');
    const editor = await addMember(test.app, owner, 'editor');
    const above = await call(admin, 'PATCH', `/members/${editor.userId}`, { role: 'owner' });
    expect(above.statusCode).toBe(403);
    expect(above.json().error.code).toBe('ROLE_ABOVE_YOURS');
    const invitation = await call(admin, 'POST', '/invitations', {
      email: 'boss@example.com',
      role: 'owner',
    });
    expect(invitation.statusCode).toBe(403);
    expect(invitation.json().error.code).toBe('ROLE_ABOVE_YOURS');
    for (const [method, url, payload] of [
      ['PATCH', `/members/${owner.userId}`, { role: 'viewer' }],
      ['DELETE', `/members/${owner.userId}`, undefined],
      ['POST', `/members/${owner.userId}/password-reset`, undefined],
    ] as const) {
      const response = await call(admin, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code).toBe('OWNER_PROTECTED');
    }
    expect(await roleOf(editor.userId)).toBe('editor');
    expect(await roleOf(owner.userId)).toBe('owner');
    expect((await call(owner, 'GET', '/invitations')).json().invitations).not.toContainEqual(
      expect.objectContaining({ email: 'boss@example.com' }),
    );
  });

  it('names the field of bad input (400) and changes nothing', async () => {
    const editor = await addMember(test.app, owner, 'editor');
    const badRole = await call(owner, 'PATCH', `/members/${editor.userId}`, { role: 'god' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error.field).toBe('role');
    const extra = await call(owner, 'PATCH', `/members/${editor.userId}`, { role: 'viewer', admin: true });
    expect(extra.statusCode).toBe(400);
    const badEmail = await call(owner, 'POST', '/invitations', { email: 'not an address', role: 'viewer' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatchObject({ code: 'INVALID_EMAIL', field: 'email' });
    const noName = await call(owner, 'DELETE', '/org', {});
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.field).toBe('confirmName');
    expect(await roleOf(editor.userId)).toBe('editor');
  });

  it('refuses an email that is already a member of any organisation (409)', async () => {
    for (const email of [owner.email, other.email.toUpperCase()]) {
      const response = await call(owner, 'POST', '/invitations', { email, role: 'viewer' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('EMAIL_EXISTS');
    }
  });

  it("a demoted member's next call has the new role", async () => {
    const editor = await addMember(test.app, owner, 'editor');
    const playlist = { name: 'Lobby', items: [{ src: 'https://example.com/a', durationMs: 5000 }] };
    expect((await call(editor, 'POST', '/playlists', playlist)).statusCode).toBe(201);
    const demoted = await call(owner, 'PATCH', `/members/${editor.userId}`, { role: 'viewer' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ id: editor.userId, role: 'viewer' });
    expect((await call(editor, 'POST', '/playlists', playlist)).statusCode).toBe(403);
    expect((await call(editor, 'GET', '/playlists')).statusCode).toBe(200);
    const [entry] = (await audit(owner.orgId, 'member.update')).filter(
      (row) => row.target_id === editor.userId,
    );
    expect(entry).toMatchObject({ actor_kind: 'member', actor_id: owner.userId, target_type: 'member' });
    expect(JSON.parse(entry!.before!)).toMatchObject({ role: 'editor' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ role: 'viewer' });
  });

  it("a removed member's ID token answers 401 on the very next call and their refresh token no longer refreshes", async () => {
    const editor = await addMember(test.app, owner, 'editor');
    expect((await call(editor, 'GET', '/screens')).statusCode).toBe(200);
    expect((await refresh(editor.refreshToken)).statusCode).toBe(200);
    const removed = await call(owner, 'DELETE', `/members/${editor.userId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: editor.userId });
    expect((await call(editor, 'GET', '/screens')).statusCode).toBe(401);
    expect((await refresh(editor.refreshToken)).statusCode).toBeGreaterThanOrEqual(400);
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: editor.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    const [entry] = (await audit(owner.orgId, 'member.remove')).filter(
      (row) => row.target_id === editor.userId,
    );
    expect(JSON.parse(entry!.before!)).toEqual({ email: editor.email, role: 'editor' });
  });

  it('keeps the last owner: neither demoted nor removed (409 LAST_OWNER), not even by themselves', async () => {
    const solo = await signUpOperator(test.app, 'Solo Org');
    const demote = await call(solo, 'PATCH', `/members/${solo.userId}`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe('LAST_OWNER');
    const remove = await call(solo, 'DELETE', `/members/${solo.userId}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.code).toBe('LAST_OWNER');
    expect(await roleOf(solo.userId)).toBe('owner');
    // With a second owner, the first may step down.
    const admin = await addMember(test.app, solo, 'admin');
    expect((await call(solo, 'PATCH', `/members/${admin.userId}`, { role: 'owner' })).statusCode).toBe(200);
    expect((await call(solo, 'PATCH', `/members/${solo.userId}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await call(admin, 'PATCH', `/members/${admin.userId}`, { role: 'editor' })).statusCode).toBe(409);
  });

  it('hands ownership over: the member becomes owner, the caller admin, in one change', async () => {
    const org = await signUpOperator(test.app, 'Handover Org');
    const editor = await addMember(test.app, org, 'editor');
    const self = await call(org, 'POST', '/org/transfer-ownership', { memberId: org.userId });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.field).toBe('memberId');
    const response = await call(org, 'POST', '/org/transfer-ownership', { memberId: editor.userId });
    expect(response.statusCode).toBe(200);
    expect(response.json().members).toEqual([
      expect.objectContaining({ id: org.userId, role: 'admin' }),
      expect.objectContaining({ id: editor.userId, role: 'owner' }),
    ]);
    // The former owner's very next call is an admin's.
    expect((await call(org, 'DELETE', '/org', { confirmName: 'Handover Org' })).statusCode).toBe(403);
    expect(await audit(org.orgId, 'org.transferOwnership')).toHaveLength(1);
  });

  it('changing a password ends every other session, keeps the caller signed in, and checks both fields', async () => {
    const member = await addMember(test.app, owner, 'viewer');
    const elsewhere = await test.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: member.email, password: PASSWORD },
    });
    const second = elsewhere.json<{ idToken: string; refreshToken: string }>();
    const wrong = await call(member, 'POST', '/me/password', {
      currentPassword: 'nope',
      newPassword: 'a new pass 2',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'WRONG_PASSWORD', field: 'currentPassword' });
    const weak = await call(member, 'POST', '/me/password', {
      currentPassword: PASSWORD,
      newPassword: '123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({ code: 'WEAK_PASSWORD', field: 'newPassword' });
    expect((await call(second.idToken, 'GET', '/me')).statusCode).toBe(200);

    const changed = await call(member, 'POST', '/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'a new pass 2',
    });
    expect(changed.statusCode).toBe(200);
    const session = changed.json<{ idToken: string; refreshToken: string; user: { id: string } }>();
    expect(session.user.id).toBe(member.userId);
    expect((await call(session.idToken, 'GET', '/me')).statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);
    for (const token of [member.token, second.idToken])
      expect((await call(token, 'GET', '/me')).statusCode).toBe(401);
    for (const token of [member.refreshToken, second.refreshToken]) {
      expect((await refresh(token)).statusCode).toBeGreaterThanOrEqual(400);
    }
    const [entry] = (await audit(owner.orgId, 'password.change')).filter(
      (row) => row.target_id === member.userId,
    );
    expect(entry).toMatchObject({ actor_id: member.userId, before: null, after: null });
  });

  it('counts wrong current passwords as failed sign-ins of the account (429 past the limit)', async () => {
    const member = await addMember(test.app, owner, 'viewer');
    const wrong = () =>
      call(member, 'POST', '/me/password', { currentPassword: 'guess 123', newPassword: 'a new pass 2' });
    const statuses: number[] = [];
    for (let i = 0; i < FAILED_SIGN_IN_LIMIT; i++) statuses.push((await wrong()).statusCode);
    expect(new Set(statuses)).toEqual(new Set([400]));
    const limited = await wrong();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("an admin's reset link lets the member choose a new password once", async () => {
    const admin = await addMember(test.app, owner, 'admin');
    const editor = await addMember(test.app, owner, 'editor');
    const made = await call(admin, 'POST', `/members/${editor.userId}/password-reset`);
    expect(made.statusCode).toBe(201);
    const link = made.json<{ url: string; token: string; expiresAt: number }>();
    expect(link.url).toBe(`${test.config.publicUrl}/studio/reset-password#token=${link.token}`);
    const complete = (token: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/complete',
        payload: { token, password: 'reset pass 3' },
      });
    const done = await complete(link.token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user: { id: editor.userId }, org: { id: owner.orgId } });
    expect((await call(editor, 'GET', '/me')).statusCode).toBe(401);
    const again = await complete(link.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('RESET_USED');
    const [entry] = (await audit(owner.orgId, 'password.reset')).filter(
      (row) => row.target_id === editor.userId,
    );
    expect(entry).toMatchObject({ actor_kind: 'member', actor_id: editor.userId, before: null, after: null });
    expect(JSON.stringify(await audit(owner.orgId, 'password.resetLink'))).not.toContain(link.token);
  });

  it('deletes the organisation: its screens go back to pairing, its members are signed out, its rows are gone', async () => {
    const org = await signUpOperator(test.app, 'Doomed Org');
    const admin = await addMember(test.app, org, 'admin');
    const screen = await pairedScreen(test.app, org, 'Lobby');
    const pending = await invite(test.app, org, 'viewer');
    const upload = multipartBody({ content: SAMPLE_FILES.png });
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { ...bearer(org.token), ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const file = path.join(test.app.services.media.dir, uploaded.json().sha256 as string);
    expect(fs.existsSync(file)).toBe(true);
    // Content that references itself across tables (schedules and overrides name playlists without a cascade).
    const playlist = await call(org, 'POST', '/playlists', {
      name: 'Lobby',
      items: [{ src: 'https://example.com/a', durationMs: 5000 }],
    });
    const playlistId = playlist.json().id as string;
    const group = await call(org, 'POST', '/groups', { name: 'Hall', screenIds: [screen.screenId] });
    const targets = { groupIds: [group.json().id as string] };
    const startsOn = new Date(test.clock()).toISOString().slice(0, 10);
    for (const [url, body] of [
      ['/schedules', { name: 'Lunch', playlistId, targets, priority: 10, startsOn }],
      ['/overrides', { name: 'Fire', playlistId, targets, expiresAt: test.clock() + 3_600_000 }],
    ] as const) {
      const made = await call(org, 'POST', url, body);
      expect(made.statusCode, `${url}: ${made.body}`).toBe(201);
    }
    expect((await call(admin, 'DELETE', '/org', { confirmName: 'Doomed Org' })).statusCode).toBe(403);
    const wrong = await call(org, 'DELETE', '/org', { confirmName: 'doomed org' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'CONFIRM_NAME_MISMATCH', field: 'confirmName' });

    const deleted = await call(org, 'DELETE', '/org', { confirmName: 'Doomed Org' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: org.orgId });
    for (const member of [org, admin]) expect((await call(member, 'GET', '/me')).statusCode).toBe(401);
    const { db } = test.app.services;
    expect(await db.selectFrom('orgs').select('id').where('id', '=', org.orgId).execute()).toEqual([]);
    expect(await db.selectFrom('users').select('id').where('org_id', '=', org.orgId).execute()).toEqual([]);
    for (const table of [
      'screens',
      'playlists',
      'schedules',
      'overrides',
      'screen_groups',
      'invitations',
    ] as const) {
      expect(
        await db.selectFrom(table).select('id').where('org_id', '=', org.orgId).execute(),
        table,
      ).toEqual([]);
    }
    const player = await db
      .selectFrom('players')
      .select(['org_id', 'screen_id', 'pairing_code'])
      .where('id', '=', screen.player.id)
      .executeTakeFirstOrThrow();
    expect(player).toMatchObject({ org_id: null, screen_id: null, pairing_code: expect.any(String) });
    expect(await playerDoc(test.app, screen.player.id)).toMatchObject({
      pairing: { code: player.pairing_code },
    });
    const accept = await test.app.inject({
      method: 'POST',
      url: '/api/v1/auth/accept-invitation',
      payload: { token: pending.token, password: PASSWORD },
    });
    expect(accept.json().error.code).toBe('INVITATION_INVALID');
    expect(await audit(org.orgId, 'org.delete')).toHaveLength(1);
    expect(fs.existsSync(file)).toBe(false);
    // Another organisation is untouched.
    expect((await call(other, 'GET', '/members')).statusCode).toBe(200);
  });
});
