// The per-request logger on a real Fastify server and pino: a request that logs nothing at the level makes no child
// logger; one that logs gets its line with its request id and the redaction of logger.ts; a route with its own
// level logs at that level.

import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './lazyChildLogger';
import { loggerOptions } from './logger';

function serverLoggingTo(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino(loggerOptions('warn'), stream);
  const children = vi.spyOn(logger, 'child');
  const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLogger });
  app.get('/quiet', async (request) => {
    request.log.info('below the level');
    return 'ok';
  });
  app.get('/warns', async (request) => {
    request.log.warn({ token: 'secret-token', screen: 's1' }, 'something to look at');
    request.log.child({ step: 'inner' }).error('inner failure');
    return 'ok';
  });
  app.get('/debug', { logLevel: 'debug' }, async (request) => {
    request.log.debug('route level');
    return 'ok';
  });
  return { app, children };
}

describe('the per-request logger', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('is not made for a request that logs nothing at the level', async () => {
    const lines: Record<string, unknown>[] = [];
    const { app, children } = serverLoggingTo(lines);
    close = () => app.close();
    for (let index = 0; index < 20; index++) {
      expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    }
    expect(children.mock.calls.filter(([bindings]) => 'reqId' in bindings)).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('logs with the request id and redaction once a request logs', async () => {
    const lines: Record<string, unknown>[] = [];
    const { app } = serverLoggingTo(lines);
    close = () => app.close();
    await app.inject({ method: 'GET', url: '/warns' });
    expect(lines).toHaveLength(2);
    const [warning, inner] = lines;
    expect(warning).toMatchObject({
      level: 40,
      msg: 'something to look at',
      token: '[redacted]',
      screen: 's1',
    });
    expect(typeof warning!.reqId).toBe('string');
    expect(inner).toMatchObject({ level: 50, msg: 'inner failure', step: 'inner', reqId: warning!.reqId });
  });

  it("logs at a route's own level", async () => {
    const lines: Record<string, unknown>[] = [];
    const { app } = serverLoggingTo(lines);
    close = () => app.close();
    await app.inject({ method: 'GET', url: '/debug' });
    expect(lines.map((line) => line.msg)).toContain('route level');
  });
});
