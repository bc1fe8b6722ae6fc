// Team emails through a real SMTP server: delivered, the sender answers true; with the server gone, false and the
// failure reported (the invitation is still answered with its link, to hand over by hand).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../alerts/alertMailer';
import { startSmtpServer, type TestSmtpServer } from '../../test/harness/smtp';
import { TeamMail } from './teamMail';

describe('TeamMail', () => {
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  const details = {
    orgName: 'Acme',
    invitedBy: 'boss@example.com',
    role: 'editor',
    url: 'https://signs.example.com/studio/accept-invitation#token=abc',
    expiresAt: Date.UTC(2025, 0, 22, 12),
  };

  it('sends an invitation and answers true once the server took it', async () => {
    const errors: unknown[] = [];
    const mail = new TeamMail({
      transport: smtpTransport(smtp.url),
      from: 'Marquee <marquee@signs.example.com>',
      onError: (error) => errors.push(error),
    });
    expect(await mail.invitation('new@example.com', details)).toBe(true);
    await mail.close();
    const [received] = smtp.received;
    expect(received).toMatchObject({
      from: 'marquee@signs.example.com',
      to: ['new@example.com'],
      subject: 'You are invited to Acme on Marquee',
    });
    expect(received!.text).toContain('boss@example.com invites you to join Acme on Marquee as editor.');
    expect(received!.text).toContain(details.url);
    expect(received!.text).toContain('Wed, 22 Jan 2025 12:00:00 GMT');
    expect(errors).toEqual([]);
  });

  it('answers false and reports the failure when the server cannot be reached', async () => {
    const gone = await startSmtpServer();
    await gone.close();
    const errors: string[] = [];
    const mail = new TeamMail({
      transport: smtpTransport(gone.url),
      from: 'marquee@signs.example.com',
      onError: (_error, context) => errors.push(context),
    });
    expect(await mail.invitation('new@example.com', details)).toBe(false);
    expect(errors).toEqual(['team email to new@example.com']);
    await mail.close();
  });
});
