// Where layout and timing are the browser's: the general player's toasts (top-right, closed after 5000 ms, dismissed
// by a drag past 80 % of their width) and the sidebar on a 1920-pixel screen (a quarter of it, above the minimum).
// docs/player.md §Notices and toasts, §Sidebar.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import { waitFor } from './player.support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startStage(['player', 'content']));
});
afterAll(() => stopStage({ server, browser }));

const TOAST = '.Toastify__toast';

/** A running, unpaired player whose pairing reset the server refuses: each reset attempt raises an error toast. */
async function playerWithFailingReset(width = 1280, height = 720) {
  // No service worker: the page's own requests are the ones routed.
  const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route('**/_internal/players/*/pairing', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'pairing service down' } }),
    }),
  );
  await page.goto(`${server.url}/`);
  await page.waitForSelector('[data-testid="connection"][data-database="true"]', { state: 'attached' });
  return { context, page };
}

async function raiseToast(page: Page): Promise<void> {
  const before = await page.locator(TOAST).count();
  if ((await page.$('.sidebar')) === null) await page.click('.hamburger');
  await page.click('button:has-text("Reset Pairing")');
  await page.click(`button:has-text("Yes, I'm sure")`);
  await waitFor(async () => (await page.locator(TOAST).count()) > before);
}

/** A touch drag of the last toast by `fraction` of its width (the player's toasts drag by touch). */
async function dragLastToast(page: Page, fraction: number): Promise<void> {
  await page.evaluate(
    ([selector, fraction]) => {
      const toasts = document.querySelectorAll<HTMLElement>(selector as string);
      const toast = toasts[toasts.length - 1];
      if (!toast) throw new Error('no toast');
      const box = toast.getBoundingClientRect();
      const y = box.top + box.height / 2;
      const x = box.left + 10;
      const pointer = (type: string, clientX: number) =>
        new PointerEvent(type, { bubbles: true, pointerType: 'touch', isPrimary: true, clientX, clientY: y });
      toast.dispatchEvent(pointer('pointerdown', x));
      const distance = box.width * (fraction as number);
      for (let step = 1; step <= 5; step++)
        document.dispatchEvent(pointer('pointermove', x + (distance * step) / 5));
      document.dispatchEvent(pointer('pointerup', x + distance));
    },
    [TOAST, fraction] as const,
  );
}

describe('general player: toasts', () => {
  it('shows them top-right, closing after 5000 ms', async () => {
    const { context, page } = await playerWithFailingReset();
    await raiseToast(page);
    expect(await page.textContent(TOAST)).toContain('pairing service down');
    expect(await page.$('.Toastify__toast-container--top-right')).not.toBeNull();
    // The auto-close runs as the progress bar's animation.
    const duration = await page.$eval(
      '.Toastify__progress-bar',
      (bar) => getComputedStyle(bar).animationDuration,
    );
    expect(duration).toBe('5s');
    // Left alone (the pointer away from it), it is gone after those 5 s, not before.
    await page.mouse.move(5, 700);
    const shownAt = Date.now();
    await page.waitForSelector(TOAST, { state: 'detached', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_500);
    await context.close();
  });

  it('dismisses one dragged past 80 % of its width, and keeps one dragged less', async () => {
    const { context, page } = await playerWithFailingReset();
    await raiseToast(page);
    await dragLastToast(page, 0.7);
    await page.waitForTimeout(400);
    expect(await page.locator(TOAST).count()).toBe(1);
    await dragLastToast(page, 0.9);
    await page.waitForSelector(TOAST, { state: 'detached', timeout: 2_000 });
    await context.close();
  });
});

describe('general player: sidebar on a 1920-pixel screen', () => {
  it('is a quarter of the screen wide, above the minimum width', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.waitForSelector('[data-testid="connection"]', { state: 'attached' });
    await page.click('.hamburger');
    const width = await page.$eval('.sidebar', (node) => node.getBoundingClientRect().width);
    expect(width).toBeCloseTo(1920 / 4, 0);
    // The minimum still holds on a narrow screen: 1280 / 4 = 320 is no less than it; 800 / 4 = 200 is.
    await page.setViewportSize({ width: 800, height: 600 });
    const narrow = await page.$eval('.sidebar', (node) => node.getBoundingClientRect().width);
    expect(narrow).toBeGreaterThan(800 / 4);
    await context.close();
  });
});
