import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { tempDir } from '../../test/harness/databases';
import { RUNTIME_CONFIG_GLOBAL } from './runtimeConfig';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, resolveInside } from './staticApps';

function write(root: string, file: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body></body></html>`;

describe('static hosting of the built apps', () => {
  let test: TestApp;
  let appsDir: string;

  beforeAll(async () => {
    appsDir = tempDir('marquee-apps-');
    write(appsDir, 'player/dist/index.html', page('player'));
    write(appsDir, 'player/dist/service-worker.js', 'self.x = 1;');
    write(appsDir, 'player/dist/assets/index-abc123.js', 'console.log(1);');
    write(appsDir, 'player/dist/.env', 'SECRET=1');
    write(appsDir, 'studio/dist/index.html', page('studio'));
    write(appsDir, 'studio/dist/assets/app-9f8e.css', 'body{}');
    write(appsDir, 'content/dist/index.html', page('content'));
    write(appsDir, 'host/dist/docs/index.html', page('host docs'));
    // meet is not built.
    test = await startTestApp({ appsDir, env: { MARQUEE_PUBLIC_URL: 'https://signs.example.com' } });
  });
  afterAll(async () => {
    await test.close();
    fs.rmSync(appsDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ url, headers });
  const configOf = (html: string) => {
    const match = new RegExp(`window\\.${RUNTIME_CONFIG_GLOBAL} = (\\{.*?\\});</script>`).exec(html);
    return match === null ? null : JSON.parse(match[1] as string);
  };

  it.each([
    ['/', 'player'],
    ['/index.html', 'player'],
    ['/studio/', 'studio'],
    ['/content/', 'content'],
  ])('serves %s as the %s index with the runtime configuration, revalidated', async (url, title) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(configOf(response.body)).toMatchObject({
      apiUrl: 'https://signs.example.com',
      pairingUrl: 'https://signs.example.com/content/pair',
      realtimeUrl: 'wss://signs.example.com/realtime',
      mode: 'production',
      environment: 'production',
      version: '1.0.0',
      exemptOrgs: [],
    });
  });

  it('falls back to the index for client routes of the studio and the content player (/content/pair)', async () => {
    expect((await get('/studio/screens/abc')).body).toContain('<title>studio</title>');
    expect((await get('/content/pair')).body).toContain('<title>content</title>');
    const missingAsset = await get('/studio/missing.png');
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json().error.code).toBe('NOT_FOUND');
  });

  it('serves a folder index of an app', async () => {
    expect((await get('/host/docs/')).body).toContain('<title>host docs</title>');
    expect((await get('/host/docs')).body).toContain('<title>host docs</title>');
  });

  it('caches hashed assets for a year and other files with revalidation', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.body).toBe('console.log(1);');
    expect((await get('/studio/assets/app-9f8e.css')).headers['cache-control']).toBe(IMMUTABLE_CACHE);
    const worker = await get('/service-worker.js');
    expect(worker.headers['cache-control']).toBe(REVALIDATE_CACHE);
    const again = await get('/assets/index-abc123.js', { 'if-none-match': String(asset.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers a page saying so for an app that is not built', async () => {
    const response = await get('/meet/');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('The Marquee meeting-room player is not built');
    expect((await get('/meet/anything')).statusCode).toBe(404);
  });

  it('redirects an app path without its slash, keeping the query', async () => {
    const response = await get('/host?platform=chromeos');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/host/?platform=chromeos');
  });

  it('never serves hidden files or anything outside the app folder', async () => {
    for (const url of [
      '/.env',
      '/studio/..%2f..%2fplayer%2fdist%2fservice-worker.js',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/studio/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%5c..%5cindex.html',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('SECRET');
      expect(response.body, url).not.toContain('root:');
    }
  });

  it('answers API-looking paths no route has with the JSON 404, not the player', async () => {
    const response = await get('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Route GET /api/v1/nothing-here not found' },
    });
  });

  it('answers HEAD without a body', async () => {
    const response = await test.app.inject({ method: 'HEAD', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('serves a rebuilt index.html at once', async () => {
    write(appsDir, 'content/dist/index.html', page('content v2'));
    const future = new Date(Date.now() + 10_000);
    fs.utimesSync(path.join(appsDir, 'content/dist/index.html'), future, future);
    expect((await get('/content/')).body).toContain('<title>content v2</title>');
  });
});

describe('resolveInside', () => {
  it('keeps paths inside the root and refuses the rest', () => {
    expect(resolveInside('/r', 'a/b.js')).toBe('/r/a/b.js');
    expect(resolveInside('/r', 'a//b.js')).toBe('/r/a/b.js');
    expect(resolveInside('/r', 'a/../b.js')).toBeNull();
    expect(resolveInside('/r', '../x')).toBeNull();
    expect(resolveInside('/r', 'a/.git/config')).toBeNull();
    expect(resolveInside('/r', 'a\0b')).toBeNull();
    expect(resolveInside('/r', 'a\\..\\b')).toBeNull();
  });
});

describe('static hosting without MARQUEE_PUBLIC_URL', () => {
  let test: TestApp;
  let appsDir: string;

  beforeAll(async () => {
    appsDir = tempDir('marquee-apps-');
    write(appsDir, 'studio/dist/index.html', page('studio'));
    test = await startTestApp({ appsDir });
  });
  afterAll(async () => {
    await test.close();
    fs.rmSync(appsDir, { recursive: true, force: true });
  });

  it('injects URLs of the address each request came in by', async () => {
    const configAt = async (host: string) => {
      const response = await test.app.inject({ url: '/studio/screens', headers: { host } });
      const match = new RegExp(`window\\.${RUNTIME_CONFIG_GLOBAL} = (\\{.*?\\});</script>`).exec(
        response.body,
      );
      return JSON.parse(match?.[1] ?? 'null') as Record<string, string>;
    };
    expect(await configAt('192.168.1.20:8080')).toMatchObject({
      apiUrl: 'http://192.168.1.20:8080',
      pairingUrl: 'http://192.168.1.20:8080/content/pair',
      realtimeUrl: 'ws://192.168.1.20:8080/realtime',
    });
    expect((await configAt('localhost:8080')).apiUrl).toBe('http://localhost:8080');
  });
});
