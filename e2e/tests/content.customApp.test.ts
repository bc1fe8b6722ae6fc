// The app API on a real player (docs/apps.md): the repository's example app (examples/custom-app, written against
// the wire format alone) served by the test on another port of 127.0.0.1 (a real cross-origin frame), shown as a
// playlist item before an image. It gets its context, `start` only while it is the item on screen, and ends its
// 60 s slot with done() after 1.5 s; when it comes round again after the image it gets `start` again.
// In a layout zone it gets the zone's size, and done() restarts its slot in place.

import { createServer, type Server } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_FRAME_ELEMENT_ID } from '@marquee/protocol';
import { ARTIFACTS_DIR, saveScreenshot } from '../harness/artifacts';
import { REPO_ROOT } from '../harness/server';
import { useStage } from '../harness/stage';
import { waitFor } from './player.support';
import { gradientPng } from './studioJourneyAssets';

const EXAMPLE_DIR = path.join(REPO_ROOT, 'examples', 'custom-app');
const CONFIG = { doneAfterMs: 1500, greeting: 'Hello from the lobby' };
const IMAGE_MS = 4000;
/** How late a change may show (a frame, an image decode, a message hop, a slow machine). */
const SLACK_MS = 2500;
/** The image is seen by the test within this of the app's start: a few seconds, far from the app's 60 s. */
const IMAGE_SEEN_WITHIN_MS = 15_000;

interface LogEntry {
  type: string;
  at: number;
  data?: unknown;
}

/** Serves the example app's files, nothing else. */
async function serveExample(): Promise<{ origin: string; close(): Promise<void> }> {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };
  const server: Server = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html');
    const file = path.join(EXAMPLE_DIR, path.basename(name));
    if (!fs.existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    response.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a custom HTML app on a real player', () => {
  const stage = useStage(['player', 'content']);
  let example: Awaited<ReturnType<typeof serveExample>>;
  let token: string;
  let page: Page;
  let content: FrameLocator;
  let screenId: string;

  const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${stage.server.url}/api/v1${route}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  /** The example app's frame, once the content player has made it. */
  const appFrame = (): Promise<Frame> =>
    waitFor(async () => page.frames().find((frame) => frame.url().startsWith(example.origin)), 30_000);
  const appLog = async (): Promise<LogEntry[]> =>
    (await appFrame()).evaluate(
      () => (window as unknown as { marqueeApp: { log: LogEntry[] } }).marqueeApp.log,
    );
  /** The type of the item on screen. */
  const currentType = () =>
    content
      .locator('.layer.is-current')
      .getAttribute('data-type', { timeout: 1000 })
      .catch(() => null);

  beforeAll(async () => {
    example = await serveExample();
    const signup = await fetch(`${stage.server.url}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'apps@example.com', password: 'custom-apps-42', orgName: 'Apps' }),
    });
    token = ((await signup.json()) as { idToken: string }).idToken;
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(gradientPng(320, 180, [20, 40, 90], [90, 140, 220]))], { type: 'image/png' }),
      'after.png',
    );
    const uploaded = await fetch(`${stage.server.url}/api/v1/media`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const imageId = ((await uploaded.json()) as { id: string }).id;

    const context = await stage.browser.newContext({ viewport: { width: 1280, height: 720 } });
    page = await context.newPage();
    await page.goto(`${stage.server.url}/`);
    content = page.frameLocator(`#${MAIN_FRAME_ELEMENT_ID}`);
    const code = ((await content.getByTestId('pairing-code').textContent({ timeout: 20_000 })) ?? '').replace(
      /\s/g,
      '',
    );
    screenId = (await api<{ id: string }>('POST', '/screens/pair', { code })).id;
    await api('PATCH', `/screens/${screenId}`, {
      name: 'Lobby',
      tags: ['ground', 'lobby'],
      timezone: 'America/Phoenix',
      content: [
        { type: 'app', src: `${example.origin}/index.html`, durationMs: 60_000, config: CONFIG },
        { src: imageId, durationMs: IMAGE_MS },
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await page?.context().close();
    await example?.close();
  });

  it('gets its context and start, ends its slot with done(), and starts again when it comes round', async () => {
    const started = await waitFor(
      async () => (await appLog()).find((entry) => entry.type === 'start'),
      40_000,
    );
    const log = await appLog();
    const context = log.find((entry) => entry.type === 'context')?.data;
    const box = await content
      .locator('.layer[data-type="app"] iframe')
      .evaluate((element) => element.getBoundingClientRect().toJSON() as { width: number; height: number });
    expect(context).toEqual({
      screen: { id: screenId, name: 'Lobby', tags: ['ground', 'lobby'] },
      timezone: 'America/Phoenix',
      orientation: 'landscape',
      zone: { width: Math.round(box.width), height: Math.round(box.height) },
      config: CONFIG,
    });
    expect(box.width).toBeGreaterThan(box.height);
    await expect
      .poll(() => appFrame().then((frame) => frame.textContent('#greeting')), { timeout: 5000 })
      .toBe(CONFIG.greeting);
    await saveScreenshot(page, 'content-custom-app');

    // done() after 1.5 s: the image is on long before the app's 60 s are over.
    const imageAt = await waitFor(async () => (await currentType()) === 'image' && Date.now(), 10_000);
    // As the test sees it (its polling is slow on a loaded machine); the app's own log times the switch below.
    expect(imageAt - started.at).toBeLessThan(IMAGE_SEEN_WITHIN_MS);
    const first = await appLog();
    const types = first.map((entry) => entry.type);
    expect(types.slice(types.indexOf('start'))).toEqual(['start', 'done', 'stop']);
    const at = (type: string, entries = first) => entries.find((entry) => entry.type === type)!.at;
    expect(at('done') - started.at).toBeGreaterThanOrEqual(CONFIG.doneAfterMs);
    expect(at('stop') - at('done')).toBeLessThan(SLACK_MS);

    // The app stays loaded under the image, hears nothing while the image has its 4 s, then `start` again.
    const again = await waitFor(
      async () => (await appLog()).filter((entry) => entry.type === 'start')[1],
      IMAGE_MS + 10_000,
    );
    expect(again.at - at('stop')).toBeGreaterThanOrEqual(IMAGE_MS - 300);
    expect(again.at - at('stop')).toBeLessThan(IMAGE_MS + SLACK_MS);
    expect(await currentType()).toBe('app');
    const after = (await appLog()).map((entry) => entry.type);
    expect(after.filter((type) => type === 'connected')).toHaveLength(1);
    expect(after.slice(after.indexOf('stop') + 1)[0]).toBe('start');
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.writeFileSync(
      path.join(ARTIFACTS_DIR, 'content-custom-app-timings.json'),
      JSON.stringify(
        {
          startToDoneMs: at('done') - started.at,
          doneToStopMs: at('stop') - at('done'),
          stopToSecondStartMs: again.at - at('stop'),
          startToImageSeenByTestMs: imageAt - started.at,
        },
        null,
        2,
      ),
    );
  });

  it('in a layout zone: its zone size, and done() restarts its slot in place (stop, then start)', async () => {
    const layout = await api<{ id: string }>('POST', '/layouts', {
      name: 'App beside a clock',
      zones: [
        { id: 'clock', x: 0, y: 0, width: 50, height: 100, content: { app: { type: 'clock' } } },
        {
          id: 'app',
          x: 50,
          y: 0,
          width: 50,
          height: 100,
          content: { app: { type: 'html', url: `${example.origin}/index.html`, config: CONFIG } },
        },
      ],
    });
    await api('PATCH', `/screens/${screenId}`, { content: { layoutId: layout.id } });
    const zoneFrame = await waitFor(async () => {
      const element = await content
        .locator(`[data-layout="${layout.id}"] [data-zone="app"] iframe`)
        .elementHandle({ timeout: 1000 });
      return element?.contentFrame();
    }, 30_000);
    const zoneLog = async () =>
      zoneFrame.evaluate(
        () => (window as unknown as { marqueeApp?: { log: LogEntry[] } }).marqueeApp?.log ?? [],
      );
    const restarted = await waitFor(async () => {
      const log = await zoneLog();
      return log.filter((entry) => entry.type === 'start').length >= 2 && log;
    }, 20_000);
    const box = await content
      .locator('[data-zone="app"]')
      .evaluate((element) => element.getBoundingClientRect().toJSON() as { width: number; height: number });
    expect(restarted.find((entry) => entry.type === 'context')?.data).toMatchObject({
      screen: { id: screenId, name: 'Lobby' },
      orientation: 'portrait',
      zone: { width: Math.round(box.width), height: Math.round(box.height) },
      config: CONFIG,
    });
    const types = restarted.map((entry) => entry.type);
    // The slot restarts while done() is answered: stop and start may come before done's result.
    expect(types.slice(types.indexOf('start'), types.indexOf('start') + 3).join()).toBe('start,stop,start');
    expect(await waitFor(async () => (await zoneLog()).some((entry) => entry.type === 'done'))).toBe(true);
    await saveScreenshot(page, 'content-custom-app-zone');
  });
});
