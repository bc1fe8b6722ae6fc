import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';

describe('reachability and health', () => {
  let test: TestApp | undefined;
  let database: TestDatabase | undefined;

  afterEach(async () => {
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
});
