// The meeting-room player's live behaviour in Chromium: the overridden player over a real local websocket server,
// duplicate detection between two pages of one device, the service worker's update, the wake lock and the
// browser check.

import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { saveScreenshot } from '../harness/artifacts';
import { REPO_ROOT } from '../harness/server';
import { useStage } from '../harness/stage';
import { MEET_FRAME, frameSrc, openMeet, pairedMeet, setAppToken, setOverriddenPlayer } from './meet.support';
import { markPage, signUp, waitFor } from './player.support';
import { BROWSER_CHECK_DELAY_MS } from '@marquee/protocol';

const stage = useStage(['meet', 'content']);

const SERVICE_WORKER_FILE = path.join(REPO_ROOT, 'apps/meet/dist/service-worker.js');
// react-toastify runs a toast's auto-close on its progress bar's CSS animation, then exits.
const CLOSING_TOAST = '#browser-check[data-in="false"]';
/** Lets the paused page clock run until the exiting toast is gone (its exit is CSS, its removal a timer). */
async function untilRemoved(page: Page, selector: string): Promise<void> {
  await waitFor(async () => {
    await page.clock.runFor(500);
    return (await page.$(selector)) === null;
  });
}
/** A toast done with its entering animation (for screenshots). */
const SETTLED_TOAST = '.Toastify__toast:not(.Toastify--animate)';
const DUPLICATE_TEXT = 'This player will be disconnected due to a duplicate Marquee player.';
const isReloaded = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __mark?: boolean }).__mark !== true, undefined, {
    timeout: 30_000,
  });

describe('meeting player: overridden player', () => {
  it('follows href and reboot over a real websocket, logs bad messages, reconnects, gives up, and restores', async () => {
    const sockets: WebSocket[] = [];
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    wss.on('connection', (socket) => sockets.push(socket));
    await new Promise((resolve) => wss.once('listening', resolve));
    const port = (wss.address() as AddressInfo).port;

    const operator = await signUp(stage.server);
    const { context, page, playerId, errors } = await pairedMeet(
      stage.browser,
      stage.server,
      operator,
      'room-o1',
    );
    await setAppToken(stage.server, operator, playerId, 'room-token');
    await page.waitForFunction(
      (f) => document.querySelector(f)?.getAttribute('src')?.includes('room-token'),
      MEET_FRAME,
    );

    // The page is served over plain http: the first URL of the pair.
    await setOverriddenPlayer(stage.server, operator, playerId, {
      websocket: `ws://127.0.0.1:${port}/plain|wss://127.0.0.1:${port}/secure`,
    });
    const socket = await waitFor(async () => sockets[0]);
    const href = `${stage.server.url}/content/?overridden=1`;
    socket.send(JSON.stringify({ href }));
    await page.waitForFunction(
      (f) => document.querySelector(f)?.getAttribute('src')?.includes('overridden=1'),
      MEET_FRAME,
    );
    expect(await frameSrc(page)).toBe(href);
    socket.send(JSON.stringify({ action: 'reboot' }));
    await page.waitForFunction(() =>
      (window as unknown as { __meetMessages: { action?: string }[] }).__meetMessages.some(
        (m) => m.action === 'reboot',
      ),
    );
    socket.send('');
    socket.send('not json');
    await waitFor(async () => errors.some((e) => e.includes('Overridden player message is not JSON')));
    expect(errors.some((e) => e.includes('Empty overridden player message'))).toBe(true);
    await saveScreenshot(page, 'meet-overridden-href');

    // The server goes away: three reconnects 5 s apart, then 'Max reconnect attempts reached'.
    const before = sockets.length;
    for (const open of sockets) open.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await waitFor(async () => errors.some((e) => e.includes('Max reconnect attempts reached')), 30_000);
    expect(sockets.length).toBe(before);

    // An empty value restores the frame source from the app data.
    await setOverriddenPlayer(stage.server, operator, playerId, null);
    await page.waitForFunction(
      (f) => document.querySelector(f)?.getAttribute('src')?.includes('room-token'),
      MEET_FRAME,
    );
    await context.close();
  });
});

describe('meeting player: duplicate detection', () => {
  it('warns the older page of the same device for 15 s, then reloads it', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const first = await openMeet(stage.browser, `${stage.server.url}/meet/?id=room-dup1`, {
      context,
      clock: true,
    });
    await first.page.waitForSelector(MEET_FRAME);
    await first.page.waitForTimeout(1000); // its own connection id is on the server
    await markPage(first.page);
    const second = await openMeet(stage.browser, `${stage.server.url}/meet/?id=room-dup1`, { context });
    await second.page.waitForSelector(MEET_FRAME);
    await first.page.waitForSelector(`text=${DUPLICATE_TEXT}`);
    const shownAt = await first.page.evaluate(() => Date.now());
    await first.page.waitForSelector('.Toastify__progress-bar');
    await first.page.waitForSelector(SETTLED_TOAST);
    await saveScreenshot(first.page, 'meet-duplicate-toast');
    expect(await second.page.$(`text=${DUPLICATE_TEXT}`)).toBeNull();
    // Still there just before 15 s (on the page clock, from when the toast showed), reloaded after.
    const elapsed = (await first.page.evaluate(() => Date.now())) - shownAt;
    await first.page.clock.runFor(14_500 - elapsed);
    expect(await first.page.evaluate(() => (window as unknown as { __mark?: boolean }).__mark)).toBe(true);
    await first.page.clock.runFor(1_000);
    await isReloaded(first.page);
    await context.close();
  });
});

describe('meeting player: platform', () => {
  it('takes a service worker update and reloads once', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/meet/?id=room-sw1&skipUnsupportedBrowserCheck`);
    // The first worker activates by itself; the next load is controlled by it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // A new version of the worker on the server: the update check finds it.
    const original = fs.readFileSync(SERVICE_WORKER_FILE, 'utf8');
    try {
      fs.writeFileSync(SERVICE_WORKER_FILE, `${original}\n// update ${Date.now()}\n`);
      await markPage(page);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/meet/'))?.update());
      await isReloaded(page);
    } finally {
      fs.writeFileSync(SERVICE_WORKER_FILE, original);
    }
    await page.waitForSelector(MEET_FRAME);
    await context.close();
  });

  it('requests the wake lock on start and again on every return to visible', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      const win = window as unknown as { __wakeLocks: number; __visibility: string };
      win.__wakeLocks = 0;
      win.__visibility = 'visible';
      Object.defineProperty(navigator, 'wakeLock', {
        value: {
          request: async () => {
            win.__wakeLocks++;
            return { released: false, type: 'screen' };
          },
        },
      });
      Object.defineProperty(Document.prototype, 'visibilityState', { get: () => win.__visibility });
    });
    await page.goto(`${stage.server.url}/meet/?id=room-wl1`);
    await page.waitForFunction(() => (window as unknown as { __wakeLocks: number }).__wakeLocks === 1);
    for (const state of ['hidden', 'visible', 'hidden', 'visible']) {
      await page.evaluate((s) => {
        (window as unknown as { __visibility: string }).__visibility = s;
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    }
    expect(await page.evaluate(() => (window as unknown as { __wakeLocks: number }).__wakeLocks)).toBe(3);
    await context.close();
  });

  it('asks Chrome 85 to upgrade after 2 s, for 30 s', async () => {
    const agent =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/85.0.4183.83 Safari/537.36';
    const { context, page } = await openMeet(stage.browser, `${stage.server.url}/meet/?id=room-bc1`, {
      userAgent: agent,
      paused: true,
    });
    const text = 'text=Please upgrade to Google Chrome to version 86 or later.';
    await page.waitForSelector(MEET_FRAME);
    expect(await page.$(text)).toBeNull();
    await page.clock.runFor(BROWSER_CHECK_DELAY_MS);
    await page.waitForSelector(text);
    await page.waitForSelector(SETTLED_TOAST);
    await saveScreenshot(page, 'meet-browser-upgrade');
    // The toast's 30 s run on its progress bar's animation: still there well before, gone after.
    await page.waitForTimeout(20_000);
    expect(await page.$(CLOSING_TOAST)).toBeNull();
    await page.waitForSelector(CLOSING_TOAST, { timeout: 20_000 });
    await untilRemoved(page, text);
    await context.close();
  });

  it('recommends Chrome to another browser after 2 s, closing after 3 s; bottom-center on zoom', async () => {
    const agent = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
    const { context, page } = await openMeet(
      stage.browser,
      `${stage.server.url}/meet/?id=room-bc2&platform=zoom`,
      {
        userAgent: agent,
        paused: true,
      },
    );
    const text = 'text=Running in Google Chrome is recommended.';
    await page.waitForSelector(MEET_FRAME);
    expect(await page.$(text)).toBeNull();
    await page.clock.runFor(BROWSER_CHECK_DELAY_MS);
    await page.waitForSelector(text);
    expect(await page.$('.Toastify__toast-container--bottom-center')).not.toBeNull();
    await page.waitForSelector(SETTLED_TOAST);
    await saveScreenshot(page, 'meet-browser-recommendation');
    await page.waitForTimeout(1_500);
    expect(await page.$(CLOSING_TOAST)).toBeNull();
    await page.waitForSelector(CLOSING_TOAST, { timeout: 5_000 });
    await untilRemoved(page, text);
    await context.close();
  });
});
