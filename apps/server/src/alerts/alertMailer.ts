// Alert emails (docs/screen-health.md §Email): through SMTP when MARQUEE_SMTP_URL is set, batched per recipient:
// the first notice for an address starts a short window, and everything due for it within the window goes in one
// email whose subject counts what it says ("Marquee: 3 screens offline"). The batch lives in the memory of the
// node that claimed the alerts; a node that dies within the window loses that batch's email (webhooks are stored).

import nodemailer from 'nodemailer';
import { lineOf, subjectOf, type AlertNotice } from './alertNotices';

export const EMAIL_BATCH_MS = 30_000;

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** What sends: nodemailer's SMTP transport in the server. */
export interface MailTransport {
  sendMail(message: MailMessage): Promise<unknown>;
  close?(): void;
}

export interface MailTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const nodeTimers: MailTimers = {
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** nodemailer's transport for an smtp:// or smtps:// URL (user and password in it, percent-encoded). */
export function smtpTransport(url: string): MailTransport {
  return nodemailer.createTransport(url) as unknown as MailTransport;
}

export interface AlertMailerOptions {
  transport: MailTransport;
  from: string;
  batchMs?: number;
  timers?: MailTimers;
  onError: (error: unknown, context: string) => void;
}

interface Batch {
  notices: AlertNotice[];
  timer: unknown;
}

export class AlertMailer {
  private readonly batches = new Map<string, Batch>();
  private readonly sending = new Set<Promise<void>>();
  private readonly timers: MailTimers;
  private readonly batchMs: number;

  constructor(private readonly options: AlertMailerOptions) {
    this.timers = options.timers ?? nodeTimers;
    this.batchMs = options.batchMs ?? EMAIL_BATCH_MS;
  }

  /** Queues `notice` for each address; each address's batch goes out when its window closes. */
  enqueue(recipients: readonly string[], notice: AlertNotice): void {
    for (const to of recipients) {
      const batch = this.batches.get(to);
      if (batch !== undefined) {
        batch.notices.push(notice);
        continue;
      }
      const timer = this.timers.setTimeout(() => this.send(to), this.batchMs);
      this.batches.set(to, { notices: [notice], timer });
    }
  }

  /** Sends every open batch now and waits for every email under way (shutdown, tests). */
  async flush(): Promise<void> {
    for (const [to, batch] of [...this.batches]) {
      this.timers.clearTimeout(batch.timer);
      this.send(to);
    }
    await Promise.all([...this.sending]);
  }

  async close(): Promise<void> {
    await this.flush();
    this.options.transport.close?.();
  }

  private send(to: string): void {
    const batch = this.batches.get(to);
    if (batch === undefined) return;
    this.batches.delete(to);
    const message: MailMessage = {
      from: this.options.from,
      to,
      subject: subjectOf(batch.notices),
      text: `${batch.notices.map(lineOf).join('\n')}\n\n-- Marquee alert rules\n`,
    };
    const sent = this.options.transport
      .sendMail(message)
      .then(
        () => {},
        (error: unknown) => this.options.onError(error, `alert email to ${to}`),
      )
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }
}
