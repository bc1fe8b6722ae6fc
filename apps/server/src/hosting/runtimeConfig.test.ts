import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION, apiUrlForMode, readRuntimeConfig } from '@marquee/protocol';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { tempDir } from '../../test/harness/databases';
import { loadConfig } from '../config';
import {
  contentPlayerUrl,
  injectRuntimeConfig,
  runtimeConfigOf,
  runtimeConfigScript,
  scriptSafeJson,
} from './runtimeConfig';

const config = (env: Record<string, string> = {}) =>
  loadConfig({ MARQUEE_PUBLIC_URL: 'https://signs.example.com', ...env }, '/srv');

describe('runtimeConfigOf', () => {
  it('derives every URL from the public URL', () => {
    expect(runtimeConfigOf(config({ MARQUEE_EXEMPT_ORGS: 'a,b', MARQUEE_MODE: 'edge' }))).toEqual({
      apiUrl: 'https://signs.example.com',
      productionApiUrl: 'https://signs.example.com',
      stagingApiUrl: 'https://signs.example.com',
      pairingUrl: 'https://signs.example.com/content/pair',
      contentUrl: 'https://signs.example.com/content/',
      realtimeUrl: 'wss://signs.example.com/realtime',
      identityUrl: 'https://signs.example.com/identity/v1',
      mode: 'edge',
      environment: 'production',
      version: APP_VERSION,
      exemptOrgs: ['a', 'b'],
    });
  });

  it('uses ws: for an http origin and carries the monitoring token only when set', () => {
    const local = runtimeConfigOf(loadConfig({ PORT: '8080' }, '/srv'));
    expect(local.realtimeUrl).toBe('ws://localhost:8080/realtime');
    expect(local).not.toHaveProperty('monitoringToken');
    expect(runtimeConfigOf(config({ MARQUEE_MONITORING_TOKEN: 'pub-1' })).monitoringToken).toBe('pub-1');
  });
});

describe('the staging API URL (MARQUEE_STAGING_API_URL)', () => {
  let test: TestApp | undefined;
  let appsDir: string | undefined;
  afterEach(async () => {
    await test?.close();
    if (appsDir !== undefined) fs.rmSync(appsDir, { recursive: true, force: true });
    test = undefined;
    appsDir = undefined;
  });

  /** The configuration injected into the player's index.html, read as the player reads it. */
  async function playerConfig(env: Record<string, string>, host = 'localhost:8080') {
    appsDir = tempDir('marquee-apps-');
    fs.mkdirSync(path.join(appsDir, 'player', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(appsDir, 'player', 'dist', 'index.html'), '<html><head></head></html>');
    test = await startTestApp({ appsDir, env });
    const html = (await test.app.inject({ url: '/', headers: { host } })).body;
    const injected = /<script>window\.__MARQUEE_CONFIG__ = (.*?);<\/script>/.exec(html)?.[1];
    const config = readRuntimeConfig(JSON.parse(injected ?? 'null'), 'http://page.test');
    return { config, chosenApiUrl: apiUrlForMode(config.mode, config) };
  }

  it("is the API the player chooses in mode 'edge'", async () => {
    const { config, chosenApiUrl } = await playerConfig({
      MARQUEE_PUBLIC_URL: 'https://signs.example.com',
      MARQUEE_MODE: 'edge',
      MARQUEE_STAGING_API_URL: 'https://staging.example.com/',
    });
    expect(config.stagingApiUrl).toBe('https://staging.example.com');
    expect(config.productionApiUrl).toBe('https://signs.example.com');
    expect(chosenApiUrl).toBe('https://staging.example.com');
  });

  it('is ignored in production mode', async () => {
    const { chosenApiUrl } = await playerConfig({
      MARQUEE_PUBLIC_URL: 'https://signs.example.com',
      MARQUEE_STAGING_API_URL: 'https://staging.example.com',
    });
    expect(chosenApiUrl).toBe('https://signs.example.com');
  });

  it("is this service's own API when unset, so mode 'edge' alone changes nothing", async () => {
    const { config, chosenApiUrl } = await playerConfig({ MARQUEE_MODE: 'edge' }, '192.168.1.20:8080');
    expect(config.mode).toBe('edge');
    expect(config.stagingApiUrl).toBe('http://192.168.1.20:8080');
    expect(chosenApiUrl).toBe('http://192.168.1.20:8080');
  });
});

describe('runtimeConfigOf without MARQUEE_PUBLIC_URL', () => {
  const embedded = loadConfig({ PORT: '8080' }, '/srv');

  it('builds every URL from the origin the request came in by (a LAN address)', () => {
    expect(runtimeConfigOf(embedded, 'http://192.168.1.20:8080')).toMatchObject({
      apiUrl: 'http://192.168.1.20:8080',
      productionApiUrl: 'http://192.168.1.20:8080',
      stagingApiUrl: 'http://192.168.1.20:8080',
      pairingUrl: 'http://192.168.1.20:8080/content/pair',
      contentUrl: 'http://192.168.1.20:8080/content/',
      realtimeUrl: 'ws://192.168.1.20:8080/realtime',
      identityUrl: 'http://192.168.1.20:8080/identity/v1',
    });
  });

  it('keeps an explicit public URL whatever the request origin', () => {
    expect(runtimeConfigOf(config(), 'http://192.168.1.20:8080').apiUrl).toBe('https://signs.example.com');
  });

  it('writes app/url as the bare path, or the absolute URL when the public URL is explicit', () => {
    expect(contentPlayerUrl(embedded)).toBe('/content/');
    expect(contentPlayerUrl(config())).toBe('https://signs.example.com/content/');
  });
});

describe('injectRuntimeConfig', () => {
  const runtime = runtimeConfigOf(config());
  const script = runtimeConfigScript(runtime);

  it('puts the script first inside <head>, before the app scripts', () => {
    const html =
      '<!doctype html><html><head lang="en"><script type="module" src="/assets/app.js"></script></head></html>';
    const injected = injectRuntimeConfig(html, runtime);
    expect(injected).toBe(
      `<!doctype html><html><head lang="en">${script}<script type="module" src="/assets/app.js"></script></head></html>`,
    );
    expect(script.startsWith('<script>window.__MARQUEE_CONFIG__ = {')).toBe(true);
  });

  it('does not mistake <header> for <head>, and falls back to <html> or the start', () => {
    expect(injectRuntimeConfig('<html><body><header>x</header></body></html>', runtime)).toBe(
      `<html>${script}<body><header>x</header></body></html>`,
    );
    expect(injectRuntimeConfig('<p>bare</p>', runtime)).toBe(`${script}<p>bare</p>`);
  });

  it('cannot be broken out of by a value', () => {
    const text = scriptSafeJson({ token: '</script><script>alert(1)</script>', line: '\u2028' });
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual({ token: '</script><script>alert(1)</script>', line: '\u2028' });
  });
});
