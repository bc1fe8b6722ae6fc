// Invitations (docs/teams.md §Members and invitations): the link is answered once and emailed through a real SMTP
// server, only its token's SHA-256 is stored, it lasts INVITATION_VALID_DAYS by the injected clock, and a forged,
// replayed, revoked, replaced or expired one is refused with its own code while changing nothing; two acceptances
// at once make one member. On both engines.

import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_VALID_DAYS } from '@marquee/management-api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { PASSWORD, signUpOperator, type TestOperator } from '../../test/harness/management';
import { memberEmail } from '../../test/harness/members';
import { startSmtpServer, type TestSmtpServer } from '../../test/harness/smtp';
import type { Operator } from '../operators/operatorService';
import { InvitationService } from './invitationService';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(['sqlite', 'postgres'] as const)('InvitationService (%s)', (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let test: TestApp;
  let owner: TestOperator;
  let operator: Operator;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    smtp = await startSmtpServer();
    test = await startTestApp({
      database: database.handle,
      sweepTimers: null,
      webhookTimers: null,
      env: { MARQUEE_SMTP_URL: smtp.url, MARQUEE_PUBLIC_URL: 'https://signs.example.com' },
    });
    owner = await signUpOperator(test.app, 'Invite Org');
    operator = await test.app.services.operators.authenticate(owner.token, '203.0.113.7');
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
    await database.dispose();
  });

  const invitations = () => test.app.services.invitations;
  const userCount = async (email: string) =>
    (await test.app.services.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;
  const codeOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'accepted';
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  it('answers the link once, stores only its hash, and emails it', async () => {
    const email = memberEmail('Invitee').toUpperCase();
    const created = await invitations().create(operator, { email: ` ${email} `, role: 'editor' });
    const now = test.clock();
    expect(created).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      role: 'editor',
      invitedBy: owner.userId,
      createdAt: now,
      expiresAt: now + INVITATION_VALID_DAYS * DAY_MS,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      url: `https://signs.example.com/studio/accept-invitation#token=${created.token}`,
      emailed: true,
    });
    const row = await test.app.services.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);
    const mail = smtp.received.find((message) => message.to.includes(email.toLowerCase()));
    expect(mail?.subject).toBe('You are invited to Invite Org on Marquee');
    expect(mail?.text).toContain(created.url);
    expect(await invitations().list(owner.orgId)).toContainEqual(expect.objectContaining({ id: created.id }));
    const [entry] = await test.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'invitation.create')
      .where('target_id', '=', created.id)
      .execute();
    expect(entry).toMatchObject({ actor_id: owner.userId, ip: '203.0.113.7' });
    expect(JSON.stringify(entry)).not.toContain(created.token);
  });

  it('answers emailed: false, with the link, without SMTP', async () => {
    const { db, identity, clock } = test.app.services;
    const withoutMail = new InvitationService({
      db,
      identity,
      clock,
      publicUrl: 'http://localhost',
      mail: null,
    });
    const created = await withoutMail.create(operator, { email: memberEmail(), role: 'viewer' });
    expect(created.emailed).toBe(false);
    expect(created.url).toBe(`http://localhost/studio/accept-invitation#token=${created.token}`);
  });

  it('creates the member with its role once; a replayed link is refused and changes nothing', async () => {
    const created = await invitations().create(operator, { email: memberEmail(), role: 'viewer' });
    const session = await invitations().accept(created.token, PASSWORD, '198.51.100.1');
    const user = await test.app.services.db
      .selectFrom('users')
      .select(['org_id', 'role', 'email'])
      .where('id', '=', session.uid)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ org_id: owner.orgId, role: 'viewer', email: created.email });
    await expect(test.app.services.identity.verifyIdToken(session.idToken)).resolves.toMatchObject({
      role: 'viewer',
      orgId: owner.orgId,
    });
    expect(await codeOf(invitations().accept(created.token, 'another pass 9', null))).toBe('INVITATION_USED');
    expect(await userCount(created.email)).toBe(1);
    expect(await invitations().list(owner.orgId)).not.toContainEqual(
      expect.objectContaining({ id: created.id }),
    );
    const [entry] = await test.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'invitation.accept')
      .where('target_id', '=', created.id)
      .execute();
    expect(entry).toMatchObject({ actor_kind: 'member', actor_id: session.uid, ip: '198.51.100.1' });
  });

  it('refuses a forged token, a revoked, a replaced and an expired invitation, each with its own code', async () => {
    expect(await codeOf(invitations().accept(randomBytes(32).toString('base64url'), PASSWORD, null))).toBe(
      'INVITATION_INVALID',
    );

    const revoked = await invitations().create(operator, { email: memberEmail(), role: 'viewer' });
    expect(await invitations().revoke(operator, revoked.id)).toEqual({ deleted: revoked.id });
    expect(await codeOf(invitations().accept(revoked.token, PASSWORD, null))).toBe('INVITATION_REVOKED');

    const email = memberEmail();
    const first = await invitations().create(operator, { email, role: 'viewer' });
    const second = await invitations().create(operator, { email, role: 'editor' });
    expect(await codeOf(invitations().accept(first.token, PASSWORD, null))).toBe('INVITATION_REVOKED');
    expect((await invitations().list(owner.orgId)).filter((row) => row.email === email)).toEqual([
      expect.objectContaining({ id: second.id, role: 'editor' }),
    ]);

    const expiring = await invitations().create(operator, { email: memberEmail(), role: 'viewer' });
    const start = test.clock();
    try {
      test.clock.set(expiring.expiresAt);
      expect(await codeOf(invitations().accept(expiring.token, PASSWORD, null))).toBe('INVITATION_EXPIRED');
      expect(await invitations().list(owner.orgId)).not.toContainEqual(
        expect.objectContaining({ id: expiring.id }),
      );
      test.clock.set(expiring.expiresAt - 1);
      expect(await codeOf(invitations().accept(expiring.token, PASSWORD, null))).toBe('accepted');
    } finally {
      test.clock.set(start);
    }
    for (const invitation of [revoked, first]) expect(await userCount(invitation.email)).toBe(0);
  });

  it('keeps the invitation pending when the password is refused', async () => {
    const created = await invitations().create(operator, { email: memberEmail(), role: 'viewer' });
    await expect(invitations().accept(created.token, '123', null)).rejects.toMatchObject({
      code: 'WEAK_PASSWORD',
      field: 'password',
    });
    expect(await invitations().list(owner.orgId)).toContainEqual(expect.objectContaining({ id: created.id }));
    expect(await userCount(created.email)).toBe(0);
  });

  it('makes one member of two acceptances at once', async () => {
    const created = await invitations().create(operator, { email: memberEmail(), role: 'editor' });
    const codes = await Promise.all([
      codeOf(invitations().accept(created.token, PASSWORD, null)),
      codeOf(invitations().accept(created.token, 'other pass 7', null)),
    ]);
    expect(codes.sort()).toEqual(['INVITATION_USED', 'accepted']);
    expect(await userCount(created.email)).toBe(1);
  });

  it('refuses a role above the inviter and an address that has an account, storing nothing', async () => {
    const admin: Operator = { ...operator, role: 'admin' };
    const before = (await invitations().list(owner.orgId)).length;
    await expect(invitations().create(admin, { email: memberEmail(), role: 'owner' })).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'ROLE_ABOVE_YOURS',
    });
    const elsewhere = await signUpOperator(test.app, 'Elsewhere');
    await expect(
      invitations().create(operator, { email: elsewhere.email, role: 'viewer' }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'EMAIL_EXISTS',
    });
    expect((await invitations().list(owner.orgId)).length).toBe(before);
  });

  it("answers 404 for another organisation's invitation and leaves it working", async () => {
    const elsewhere = await signUpOperator(test.app, 'Elsewhere Two');
    const theirs = await test.app.services.operators.authenticate(elsewhere.token);
    const created = await invitations().create(theirs, { email: memberEmail(), role: 'viewer' });
    await expect(invitations().revoke(operator, created.id)).rejects.toMatchObject({
      code: 'INVITATION_NOT_FOUND',
    });
    expect(await invitations().list(elsewhere.orgId)).toContainEqual(
      expect.objectContaining({ id: created.id }),
    );
  });
});
