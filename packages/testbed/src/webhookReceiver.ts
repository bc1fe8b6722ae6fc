// A webhook receiver for tests (docs/webhooks.md): a real HTTP server on a free 127.0.0.1 port that records every
// request, answers what the test says (a status, or nothing at all: a receiver that hangs), and checks a
// Marquee-Signature by its own HMAC computation, independent of the server's code.

import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { LOOPBACK } from './freePort';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  /** performance.now() when it arrived. */
  at: number;
}

/** A status to answer with, or 'hang' to never answer. */
export type ReceiverAnswer = number | 'hang';

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** What the next requests are answered (default 200). */
  answer: (request: ReceivedWebhook) => ReceiverAnswer;
  /** Resolves once `count` requests have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hook'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      received.push(entry);
      for (const wake of waiters) wake();
      const answer = receiver.answer(entry);
      if (answer === 'hang') return;
      // A redirect points at the path's sibling, so a client that followed it would be seen here again.
      const location = answer >= 300 && answer < 400 ? { location: `${path}-moved` } : {};
      response.writeHead(answer, { 'content-type': 'text/plain', ...location }).end('ok');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address !== 'object') throw new Error('the receiver has no port');
  const receiver: WebhookReceiver = {
    url: `http://${LOOPBACK}:${address.port}${path}`,
    received,
    answer: () => 200,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          cleanUp();
          resolve(received.slice(0, count));
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(
            new Error(`the receiver got ${received.length} of ${count} requests within ${timeoutMs} ms`),
          );
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}

/**
 * True when `header` (t=<unix seconds>,v1=<hex>) is the HMAC-SHA256 of "<t>.<body>" keyed by `secret`, as a
 * receiver checks it (docs/webhooks.md §Verifying).
 */
export function webhookSignatureValid(secret: string, header: string | undefined, body: string): boolean {
  const parts = new Map(
    (header ?? '').split(',').map((part) => part.split('=', 2) as [string, string | undefined]),
  );
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (t === undefined || v1 === undefined || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
