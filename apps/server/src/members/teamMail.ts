// Invitation and password-reset emails, through the same SMTP transport as alert emails (alerts/alertMailer.ts
// smtpTransport) when MARQUEE_SMTP_URL is set. Unlike alerts they go one by one, at once: a person is waiting.

import type { MailTransport } from '../alerts/alertMailer';

export interface TeamMailOptions {
  transport: MailTransport;
  from: string;
  onError: (error: unknown, context: string) => void;
}

export class TeamMail {
  private readonly sending = new Set<Promise<boolean>>();

  constructor(private readonly options: TeamMailOptions) {}

  /** Sends an invitation; answers whether the SMTP server took it (a failure is reported, not thrown). */
  invitation(
    to: string,
    details: { orgName: string; invitedBy: string; role: string; url: string; expiresAt: number },
  ) {
    return this.send(
      to,
      `You are invited to ${details.orgName} on Marquee`,
      [
        `${details.invitedBy} invites you to join ${details.orgName} on Marquee as ${details.role}.`,
        '',
        `Choose your password here: ${details.url}`,
        '',
        `The link works once, until ${new Date(details.expiresAt).toUTCString()}.`,
        'If you did not expect it, ignore this email.',
      ].join('\n'),
    );
  }

  /** Sends a password-reset link. */
  passwordReset(to: string, details: { url: string; validMinutes: number }) {
    return this.send(
      to,
      'Reset your Marquee password',
      [
        `Choose a new password here: ${details.url}`,
        '',
        `The link works once, for ${details.validMinutes} minutes. Using it signs you out everywhere.`,
        'If you did not ask for it, ignore this email: your password stays as it is.',
      ].join('\n'),
    );
  }

  /** Waits for every email under way (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.sending]);
  }

  async close(): Promise<void> {
    await this.flush();
    this.options.transport.close?.();
  }

  private send(to: string, subject: string, text: string): Promise<boolean> {
    const sent = this.options.transport
      .sendMail({ from: this.options.from, to, subject, text: `${text}\n\n-- Marquee\n` })
      .then(
        () => true,
        (error: unknown) => {
          this.options.onError(error, `team email to ${to}`);
          return false;
        },
      )
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
    return sent;
  }
}
