// The driver's HTTP client for commands and management calls: JSON POSTs (and PATCHes) over a few keep-alive connections (so the server spends one
// descriptor per concurrent request, not one per request), each timed from just before its body is written.

import http from 'node:http';
import { preciseNow } from './playerMessages';

export interface PostResult {
  status: number;
  body: string;
  /** preciseNow just before the request was written. */
  sentAt: number;
  answeredAt: number;
}

export class HttpPoster {
  private readonly agent: http.Agent;
  private readonly url: URL;

  constructor(
    origin: string,
    readonly concurrency: number,
    private readonly headers: Record<string, string> = {},
    private readonly timeoutMs = 30_000,
  ) {
    this.url = new URL(origin);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  }

  post(path: string, body: unknown, method: 'POST' | 'PATCH' = 'POST'): Promise<PostResult> {
    const text = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request({
        agent: this.agent,
        host: this.url.hostname,
        port: this.url.port,
        path,
        method,
        headers: {
          ...this.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
        timeout: this.timeoutMs,
      });
      request.on('timeout', () =>
        request.destroy(new Error(`${method} ${path}: no answer within ${this.timeoutMs} ms`)),
      );
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            sentAt,
            answeredAt: preciseNow(),
          }),
        );
      });
      const sentAt = preciseNow();
      request.end(text);
    });
  }

  /** Runs `post` for each item, `concurrency` at a time; resolves with every result (or error) in order. */
  async postAll<T>(
    items: readonly T[],
    request: (item: T) => { path: string; body: unknown },
  ): Promise<(PostResult | Error)[]> {
    const results: (PostResult | Error)[] = new Array(items.length);
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const index = next++;
        const { path, body } = request(items[index] as T);
        results[index] = await this.post(path, body).catch((error: unknown) =>
          error instanceof Error ? error : new Error(String(error)),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, items.length) }, worker));
    return results;
  }

  close(): void {
    this.agent.destroy();
  }
}
