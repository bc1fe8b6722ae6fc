// A real SMTP server for the alert email tests (the smtp-server package) on a free port of 127.0.0.1: it accepts
// every message without authentication or TLS and keeps what it received, decoded enough to assert on.

import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text body, quoted-printable decoded. */
  text: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const quoted = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  return { from, to, subject: header('Subject'), text: quoted ? decodeQuotedPrintable(body) : body };
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        received.push(parse(Buffer.concat(chunks).toString('latin1'), from, to));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
