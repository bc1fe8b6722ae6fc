// The pages' Content-Security-Policy in Debian Chromium: the built studio does everything an operator does under
// it (sign up, pair, list screens, open a screen, upload and see media) without one violation; a page on another
// origin cannot frame the studio (clickjacking) while the studio may frame itself; the player framed by a page on
// another origin or by a local page (a device wrapper) still registers and shows its pairing page.

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_FRAME_ELEMENT_ID } from '@marquee/protocol';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import { newPlayerPage, pairingCodeOf } from './player.support';
import { gradientPng } from './studioJourneyAssets';

const PASSWORD = 'correct horse 42';
const FRAMED_ID = 'framed';

let server: RunningServer;
let browser: Browser;
/** A page server on another origin (same host name, another port): a wrapper, or an attacker's site. */
let otherOrigin: http.Server;
let otherUrl: string;

/** A page that frames `src`, as a wrapper (or an attacker) would. */
function framingPage(src: string): string {
  const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<!doctype html><html><body style="margin:0"><iframe id="${FRAMED_ID}" src="${escaped}" style="width:1280px;height:720px;border:0" allow="autoplay; fullscreen"></iframe></body></html>`;
}

function startOtherOrigin(): Promise<void> {
  otherOrigin = http.createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://x').searchParams.get('src') ?? 'about:blank';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(framingPage(src));
  });
  return new Promise((resolve) =>
    otherOrigin.listen(0, '127.0.0.1', () => {
      otherUrl = `http://127.0.0.1:${(otherOrigin.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Records every CSP violation of the context's pages and frames, as the page sees it (securitypolicyviolation)
 * and as the browser reports it (console errors: some violations, frame-ancestors among them, raise no event).
 */
async function watchViolations(context: BrowserContext): Promise<{ consoleErrors: string[] }> {
  const consoleErrors: string[] = [];
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
      consoleErrors.push(message.text());
    }
  });
  return { consoleErrors };
}

/** The violations the page's frames recorded (frames that went away take theirs with them). */
async function pageViolations(page: Page): Promise<string[]> {
  const all: string[] = [];
  for (const frame of page.frames()) {
    const recorded = await frame.evaluate(() => window.__cspViolations ?? []).catch(() => []);
    all.push(...recorded.map((violation) => `${frame.url()}: ${violation}`));
  }
  return all;
}

/** The frame an element with `selector` holds in `parent`, once it is attached and has navigated. */
async function childFrame(parent: Page | Frame, selector: string): Promise<Frame> {
  const handle = await parent.waitForSelector(selector, { state: 'attached' });
  const frame = await handle.contentFrame();
  if (frame === null) throw new Error(`no frame in ${selector}`);
  return frame;
}

beforeAll(async () => {
  await startOtherOrigin();
  ({ server, browser } = await startStage(['studio', 'player', 'content']));
});
afterAll(async () => {
  await stopStage({ server, browser });
  otherOrigin.closeAllConnections();
  await new Promise((resolve) => otherOrigin.close(resolve));
});

describe('the studio under its Content-Security-Policy', () => {
  it('signs up, pairs and lists a screen, opens it, uploads and shows media, with no violation', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const { consoleErrors } = await watchViolations(context);
    const studio = await context.newPage();
    const policy = (await studio.goto(`${server.url}/studio/`))?.headers()['content-security-policy'];
    expect(policy).toContain("frame-ancestors 'self'");

    await studio.getByRole('link', { name: 'Create an account' }).click();
    await studio.getByLabel('Organisation').fill('Policy Bakery');
    await studio.getByLabel('Email').fill('owner@policy.example');
    await studio.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await studio.getByRole('button', { name: 'Create account' }).click();
    await studio.getByText('No screens yet').waitFor();

    const player = await newPlayerPage(browser, `${server.url}/`);
    const code = await pairingCodeOf(player.page);
    await studio.getByRole('link', { name: 'Pair a screen' }).first().click();
    await studio.getByLabel('Pairing code').fill(code);
    await studio.getByLabel('Screen name').fill('Counter');
    await studio.getByRole('button', { name: 'Pair screen' }).click();
    await studio.getByRole('heading', { name: 'Counter' }).waitFor();

    await studio.getByRole('link', { name: 'Screens', exact: true }).click();
    await studio.getByRole('link', { name: 'Counter' }).click();
    await studio.getByRole('heading', { name: 'Counter' }).waitFor();
    await studio.getByRole('tab', { name: 'Content' }).click();

    await studio.getByRole('link', { name: 'Media library' }).click();
    await studio
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'policy.png',
        mimeType: 'image/png',
        buffer: gradientPng(320, 180, [20, 80, 160], [240, 200, 60]),
      });
    const thumbnail = studio.getByTestId('media-card').locator('img');
    await thumbnail.waitFor();
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(320);

    expect(await pageViolations(studio)).toEqual([]);
    expect(await pageViolations(player.page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await player.context.close();
    await context.close();
  });

  it('cannot be framed by a page on another origin, and can by its own', async () => {
    const context = await browser.newContext();
    const { consoleErrors } = await watchViolations(context);
    // Its own origin: a page of the server's origin (answered by the browser here) frames the studio.
    await context.route(`${server.url}/e2e/frame.html`, (route) =>
      route.fulfill({ contentType: 'text/html', body: framingPage(`${server.url}/studio/`) }),
    );
    const own = await context.newPage();
    await own.goto(`${server.url}/e2e/frame.html`);
    await (await childFrame(own, `#${FRAMED_ID}`)).getByRole('button', { name: 'Sign in' }).waitFor();
    expect(consoleErrors).toEqual([]);

    const attacker = await context.newPage();
    await attacker.goto(`${otherUrl}/?src=${encodeURIComponent(`${server.url}/studio/`)}`);
    await expect.poll(() => consoleErrors.join('\n')).toContain("frame-ancestors 'self'");
    const framed = await childFrame(attacker, `#${FRAMED_ID}`);
    expect(framed.url()).not.toContain('/studio/');
    expect(await framed.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    await context.close();
  });
});

describe('the player framed by a page on another origin', () => {
  /** Opens `wrapperUrl`, which frames the player, and waits for the player's pairing page inside it. */
  async function framedPlayerShowsItsCode(wrapperUrl: string): Promise<void> {
    const context = await browser.newContext({ viewport: { width: 1300, height: 760 } });
    const { consoleErrors } = await watchViolations(context);
    const wrapper = await context.newPage();
    await wrapper.goto(wrapperUrl);
    const player = await childFrame(wrapper, `#${FRAMED_ID}`);
    await player.waitForSelector('[data-testid="connection"][data-database="true"]', { state: 'attached' });
    const content = await childFrame(player, `#${MAIN_FRAME_ELEMENT_ID}`);
    const code = await content.getByTestId('pairing-code').textContent({ timeout: 30_000 });
    expect(code?.replace(/\s/g, '')).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    await content.getByRole('img', { name: /QR code/ }).waitFor();

    expect(await pageViolations(wrapper)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }

  it('loads, registers and shows its pairing page inside a web page of another origin', async () => {
    await framedPlayerShowsItsCode(`${otherUrl}/?src=${encodeURIComponent(`${server.url}/`)}`);
  });

  it('does the same inside a local page (file:), as a device wrapper frames it', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-wrapper-'));
    try {
      const page = path.join(folder, 'wrapper.html');
      fs.writeFileSync(page, framingPage(`${server.url}/`));
      await framedPlayerShowsItsCode(pathToFileURL(page).href);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
