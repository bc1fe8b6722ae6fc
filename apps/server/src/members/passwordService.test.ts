// Password resets by email (docs/teams.md §Passwords), through a real SMTP server: the request's answer is the same
// whether or not the address is a member's, only a member gets the link, a link works once and for
// PASSWORD_RESET_VALID_MINUTES by the injected clock, and completing it ends every session of the member. A member's
// inbox gets at most one link a minute. On both engines.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_VALID_MINUTES } from '@marquee/management-api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { signUpOperator, type TestOperator } from '../../test/harness/management';
import { memberEmail } from '../../test/harness/members';
import { startSmtpServer, type TestSmtpServer } from '../../test/harness/smtp';
import { PasswordService, RESET_EMAIL_INTERVAL_MS } from './passwordService';

const MINUTE_MS = 60_000;

describe.each(['sqlite', 'postgres'] as const)('PasswordService resets (%s)', (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let test: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    smtp = await startSmtpServer();
    test = await startTestApp({
      database: database.handle,
      sweepTimers: null,
      webhookTimers: null,
      env: { MARQUEE_SMTP_URL: smtp.url, MARQUEE_PUBLIC_URL: 'https://signs.example.com' },
    });
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
    await database.dispose();
  });

  const passwords = () => test.app.services.passwords;
  /** The token of the newest reset email to `to`, once it arrived. */
  const emailedToken = async (to: string) => {
    await vi.waitFor(() => expect(smtp.received.some((mail) => mail.to.includes(to))).toBe(true));
    const mails = smtp.received.filter((mail) => mail.to.includes(to));
    const match = /reset-password#token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text);
    return match![1]!;
  };
  const codeOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'done';
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  it("answers alike for a member's address and an unknown one; only the member gets a link", async () => {
    const member: TestOperator = await signUpOperator(test.app, 'Reset Org');
    const unknown = memberEmail('nobody');
    expect(await passwords().requestReset(member.email.toUpperCase())).toEqual({ emailed: true });
    expect(await passwords().requestReset(unknown)).toEqual({ emailed: true });
    const token = await emailedToken(member.email);
    const mail = smtp.received.find((message) => message.to.includes(member.email))!;
    expect(mail.subject).toBe('Reset your Marquee password');
    expect(mail.text).toContain(`https://signs.example.com/studio/reset-password#token=${token}`);
    expect(smtp.received.some((message) => message.to.includes(unknown))).toBe(false);

    const session = await passwords().completeReset(token, 'a fresh pass 4', '192.0.2.9');
    expect(session.uid).toBe(member.userId);
    await expect(test.app.services.identity.verifyIdToken(member.token)).rejects.toMatchObject({
      code: 'TOKEN_EXPIRED',
    });
    await expect(test.app.services.identity.refresh(member.refreshToken)).rejects.toMatchObject({
      code: 'TOKEN_EXPIRED',
    });
    await expect(test.app.services.identity.verifyIdToken(session.idToken)).resolves.toMatchObject({
      uid: member.userId,
    });
    await expect(
      test.app.services.identity.signInWithPassword(member.email, 'a fresh pass 4'),
    ).resolves.toMatchObject({
      uid: member.userId,
    });
    expect(await codeOf(passwords().completeReset(token, 'yet another 5', null))).toBe('RESET_USED');
    const entries = await test.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'password.reset')
      .where('target_id', '=', member.userId)
      .execute();
    expect(entries).toEqual([expect.objectContaining({ actor_id: member.userId, ip: '192.0.2.9' })]);
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  it('sends a member at most one link a minute, and a link expires after its minutes', async () => {
    const member = await signUpOperator(test.app, 'Slow Org');
    const count = () => smtp.received.filter((mail) => mail.to.includes(member.email)).length;
    const links = async () =>
      (
        await test.app.services.db
          .selectFrom('password_resets')
          .select('token_hash')
          .where('user_id', '=', member.userId)
          .execute()
      ).length;
    await passwords().requestReset(member.email);
    const token = await emailedToken(member.email);
    await passwords().requestReset(member.email);
    const start = test.clock();
    try {
      expect(await links()).toBe(1);
      test.clock.advance(RESET_EMAIL_INTERVAL_MS + 1);
      await passwords().requestReset(member.email);
      expect(await links()).toBe(2);
      await vi.waitFor(() => expect(count()).toBe(2));
      test.clock.set(start + PASSWORD_RESET_VALID_MINUTES * MINUTE_MS);
      expect(await codeOf(passwords().completeReset(token, 'late pass 6', null))).toBe('RESET_EXPIRED');
      test.clock.set(start);
      // A completed reset uses up the member's other links.
      const newest = await emailedToken(member.email);
      expect(await codeOf(passwords().completeReset(newest, 'right pass 7', null))).toBe('done');
      expect(await codeOf(passwords().completeReset(token, 'late pass 8', null))).toBe('RESET_USED');
    } finally {
      test.clock.set(start);
    }
  });

  it('answers emailed: false and stores nothing without SMTP', async () => {
    const member = await signUpOperator(test.app, 'No Mail Org');
    const { db, identity, members, clock } = test.app.services;
    const withoutMail = new PasswordService({
      db,
      identity,
      members,
      clock,
      publicUrl: 'http://x',
      mail: null,
    });
    expect(await withoutMail.requestReset(member.email)).toEqual({ emailed: false });
    const rows = await db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', member.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a forged token and a weak password, changing nothing', async () => {
    expect(await codeOf(passwords().completeReset('forged-token', 'good pass 1', null))).toBe(
      'RESET_INVALID',
    );
    const member = await signUpOperator(test.app, 'Weak Org');
    await passwords().requestReset(member.email);
    const token = await emailedToken(member.email);
    await expect(passwords().completeReset(token, '12', null)).rejects.toMatchObject({
      code: 'WEAK_PASSWORD',
      field: 'password',
    });
    await expect(test.app.services.identity.verifyIdToken(member.token)).resolves.toMatchObject({
      uid: member.userId,
    });
    expect(await codeOf(passwords().completeReset(token, 'good pass 1', null))).toBe('done');
  });
});
