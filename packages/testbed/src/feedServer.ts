// A feed server for tests (docs/layouts.md §Feeds): a real HTTP server on a free 127.0.0.1 port that answers each
// path as the test says — a document, a status, a redirect, a slow answer, an endless body, or no answer at all —
// and counts the requests, so a test sees how often the Marquee server fetched.

import http from 'node:http';
import { LOOPBACK } from './freePort';

export type FeedAnswer =
  | { body: string; contentType?: string; status?: number; delayMs?: number }
  | { redirectTo: string }
  /** Sends chunks of `chunkBytes` until the client gives up. */
  | { endless: true; chunkBytes?: number }
  /** Accepts the request and never answers. */
  | 'hang';

export interface FeedServer {
  /** The absolute address of `path` on this server. */
  url(path: string): string;
  /** Answer `path` with `answer` from now on. */
  serve(path: string, answer: FeedAnswer): void;
  /** Requests received for `path` so far. */
  requests(path: string): number;
  /** The User-Agent of the last request. */
  lastUserAgent(): string | undefined;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer>();
  const counts = new Map<string, number>();
  let userAgent: string | undefined;
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    userAgent = request.headers['user-agent'];
    const answer = answers.get(path);
    if (answer === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('no such feed');
      return;
    }
    if (answer === 'hang') return;
    if ('redirectTo' in answer) {
      response.writeHead(302, { location: answer.redirectTo }).end();
      return;
    }
    if ('endless' in answer) {
      const chunk = `<!-- ${'x'.repeat(Math.max(0, (answer.chunkBytes ?? 64 * 1024) - 9))} -->`;
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      const write = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', write);
      };
      write();
      return;
    }
    const send = () =>
      response
        .writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/rss+xml' })
        .end(answer.body);
    if (answer.delayMs === undefined) send();
    else setTimeout(send, answer.delayMs);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address !== 'object') throw new Error('the feed server has no port');
  const origin = `http://${LOOPBACK}:${address.port}`;
  return {
    url: (path) => `${origin}${path}`,
    serve: (path, answer) => answers.set(path, answer),
    requests: (path) => counts.get(path) ?? 0,
    lastUserAgent: () => userAgent,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
