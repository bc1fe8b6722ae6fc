import fs from 'node:fs';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '@marquee/testbed';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { REDIS_NOT_READY_MESSAGE } from './health';

describe('reachability and health', () => {
  let test: TestApp | undefined;
  let database: TestDatabase | undefined;
  let redis: RedisServer | undefined;

  afterEach(async () => {
    await redis?.close();
    redis = undefined;
    // With its database gone, closing the app may fail (whatever writes at shutdown): that is not what is tested.
    await test?.close().catch(() => undefined);
    await database?.dispose().catch(() => undefined);
    test = undefined;
    database = undefined;
  });

  it('answers /online.txt with ok, never cached, readable from any origin', async () => {
    test = await startTestApp();
    const response = await test.app.inject({ url: '/online.txt?t=1736942400000' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect((await test.app.inject({ method: 'HEAD', url: '/online.txt' })).statusCode).toBe(200);
  });

  it('answers /healthz and /readyz while the database answers', async () => {
    test = await startTestApp();
    expect((await test.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await test.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers /readyz 503 when the database is gone, while /healthz stays 200', async () => {
    database = await openTestDatabase('sqlite');
    test = await startTestApp({ database: database.handle });
    await database.handle.close();
    const ready = await test.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: { code: 'NOT_READY', message: 'The database is not reachable' } });
    expect((await test.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect(fs.existsSync(database.handle.location)).toBe(true);
  });

  it('answers /readyz 503 while Redis is away, says so once in the log, and 200 when it is back', async () => {
    redis = await startRedis();
    const lines: { level: number; msg: string }[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    test = await startTestApp({
      logger: true,
      logStream,
      env: { REDIS_URL: redis.url, MARQUEE_LOG_LEVEL: 'info' },
    });
    const { app } = test;
    const readyz = () => app.inject({ url: '/readyz' });
    const redisLines = () => lines.filter((line) => line.msg.startsWith('Redis'));
    expect((await readyz()).json()).toEqual({ status: 'ready' });

    await redis.stop();
    await expect.poll(async () => (await readyz()).statusCode).toBe(503);
    expect((await readyz()).json()).toEqual({
      error: { code: 'NOT_READY', message: REDIS_NOT_READY_MESSAGE },
    });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // several reconnection attempts: one line
    const connected = expect.objectContaining({
      level: 30,
      msg: 'Redis connected: realtime changes are shared with the other nodes',
    });
    const lost = expect.objectContaining({
      level: 40,
      msg: 'Redis connection lost: realtime changes from other nodes are delayed until it is back',
    });
    expect(redisLines()).toEqual([connected, lost]);

    await redis.start();
    await expect.poll(async () => (await readyz()).statusCode, { timeout: 15_000 }).toBe(200);
    expect(redisLines().slice(2)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'Redis connection restored; listeners caught up (0 documents)',
      }),
    ]);
  });
});
