import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { tempDir } from '../../test/harness/databases';

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title>` +
  `<script type="module" src="/assets/app.js"></script></head><body></body></html>`;

/** The policy as directive → sources. */
function directivesOf(policy: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') directives.set(name, sources);
  }
  return directives;
}

/** The hash source of every inline script of `html`, computed here as a browser would. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

describe('security headers of the app pages', () => {
  let test: TestApp;
  let appsDir: string;

  beforeAll(async () => {
    appsDir = tempDir('marquee-apps-');
    for (const app of ['player', 'meet', 'content', 'studio', 'host']) {
      fs.mkdirSync(path.join(appsDir, app, 'dist'), { recursive: true });
      fs.writeFileSync(path.join(appsDir, app, 'dist', 'index.html'), page(app));
    }
    test = await startTestApp({
      appsDir,
      env: {
        MARQUEE_PUBLIC_URL: 'https://signs.example.com',
        MARQUEE_MONITORING_TOKEN: 'pub-1',
        MARQUEE_EXEMPT_ORGS: 'org-a',
      },
    });
  });
  afterAll(async () => {
    await test.close();
    fs.rmSync(appsDir, { recursive: true, force: true });
  });

  const get = (url: string) => test.app.inject({ url });

  it.each([
    '/',
    '/index.html',
    '/meet/',
    '/content/',
    '/content/pair',
    '/studio/',
    '/studio/screens/x',
    '/host/',
  ])(
    '%s runs only its own scripts and the injected configuration script, allowed by its hash',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const scriptSrc = directivesOf(response.headers['content-security-policy'] as string).get('script-src');
      const hashes = inlineScriptHashes(response.body);
      expect(hashes).toHaveLength(1);
      expect(scriptSrc).toEqual(["'self'", ...hashes]);
      expect(directivesOf(response.headers['content-security-policy'] as string).get('object-src')).toEqual([
        "'none'",
      ]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it('keeps the studio on its own origin and unframeable by other sites', async () => {
    const response = await get('/studio/screens/abc');
    const csp = directivesOf(response.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    // The realtime socket and the API of its configuration, media and screenshots (blob:), QR codes (data:).
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://signs.example.com', 'wss://signs.example.com']),
    );
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://signs.example.com']),
    );
    expect(csp.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'https://signs.example.com']));
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it.each(['/', '/meet/'])(
    '%s stays embeddable by any wrapper, web page or local page: no X-Frame-Options',
    async (url) => {
      const response = await get(url);
      expect(
        directivesOf(response.headers['content-security-policy'] as string).get('frame-ancestors'),
      ).toEqual(['*', 'file:', 'chrome-extension:']);
      expect(response.headers).not.toHaveProperty('x-frame-options');
    },
  );

  it('lets the content player frame and show any http(s) page, image or video, inside any player', async () => {
    const response = await get('/content/pair');
    const csp = directivesOf(response.headers['content-security-policy'] as string);
    for (const directive of ['frame-src', 'child-src', 'img-src', 'media-src']) {
      expect(csp.get(directive), directive).toEqual(expect.arrayContaining(['http:', 'https:']));
    }
    expect(csp.get('frame-ancestors')).toEqual(['*', 'file:', 'chrome-extension:']);
    expect(response.headers).not.toHaveProperty('x-frame-options');
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://signs.example.com', 'wss://signs.example.com']),
    );
  });

  it('lets the reference wrapper frame the player, and only itself frame the wrapper', async () => {
    const response = await get('/host/?platform=chromeos');
    const csp = directivesOf(response.headers['content-security-policy'] as string);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.has('frame-src')).toBe(false);
    expect(csp.has('default-src')).toBe(false);
  });
});

describe('security headers without MARQUEE_PUBLIC_URL', () => {
  let test: TestApp;
  let appsDir: string;

  beforeAll(async () => {
    appsDir = tempDir('marquee-apps-');
    fs.mkdirSync(path.join(appsDir, 'studio', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(appsDir, 'studio', 'dist', 'index.html'), page('studio'));
    test = await startTestApp({ appsDir });
  });
  afterAll(async () => {
    await test.close();
    fs.rmSync(appsDir, { recursive: true, force: true });
  });

  it('allows the script of each answer, whose URLs follow the address the page was opened by', async () => {
    const at = async (host: string) => {
      const response = await test.app.inject({ url: '/studio/', headers: { host } });
      const csp = directivesOf(response.headers['content-security-policy'] as string);
      expect(csp.get('script-src')).toEqual(["'self'", ...inlineScriptHashes(response.body)]);
      return csp;
    };
    const lan = await at('192.168.1.20:8080');
    const local = await at('localhost:8080');
    expect(lan.get('script-src')).not.toEqual(local.get('script-src'));
    expect(lan.get('connect-src')).toEqual(
      expect.arrayContaining(['http://192.168.1.20:8080', 'ws://192.168.1.20:8080']),
    );
  });

  it('sends the app policy with the page saying an app is not built', async () => {
    const player = await test.app.inject({ url: '/' });
    expect(player.statusCode).toBe(404);
    expect(directivesOf(player.headers['content-security-policy'] as string).get('frame-ancestors')).toEqual([
      '*',
      'file:',
      'chrome-extension:',
    ]);
    expect(player.headers).not.toHaveProperty('x-frame-options');
    expect(player.headers['x-content-type-options']).toBe('nosniff');
    const host = await test.app.inject({ url: '/host/' });
    expect(host.statusCode).toBe(404);
    expect(host.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
