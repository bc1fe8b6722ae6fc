// The settings sidebar in a plain browser: the hamburger and panel timing (Playwright's clock), every control shown
// for this platform in the order of docs/player.md §Sidebar, the name's validation and debounce, orientation, the
// confirm texts, debug mode, and each control's effect on the server and local storage.

import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import {
  FRAME,
  contentFrame,
  localValue,
  markPage,
  pairedPlayer,
  pauseClock,
  screenView,
  sidebarControls,
  usePlayerStage,
  waitFor,
  waitForReload,
} from './player.support';

const stage = usePlayerStage(['player', 'content']);

describe('general player: settings sidebar in a plain browser', () => {
  it('fades the hamburger after 7 s, closes the panel after 7 s idle or an outside click', async () => {
    const { context, page } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await pauseClock(page);
    // Activity on the player's own document (the frame's events stay in the frame): near the hamburger.
    await page.mouse.move(1234, 46);
    await page.clock.runFor(6900);
    expect(await page.getAttribute('.hamburger', 'class')).toBe('hamburger');
    await page.clock.runFor(200);
    await page.waitForSelector('.hamburger.hamburger--faded', { timeout: 2000 });
    await page.mouse.move(1240, 50);
    await page.waitForSelector('.hamburger:not(.hamburger--faded)');
    await page.click('.hamburger');
    await page.waitForSelector('.sidebar');
    await page.clock.runFor(6900);
    expect(await page.$('.sidebar')).not.toBeNull();
    await page.clock.runFor(200);
    await page.waitForSelector('.sidebar', { state: 'detached' });
    await page.click('.hamburger');
    await page.mouse.click(100, 300); // outside the panel
    await page.waitForSelector('.sidebar', { state: 'detached' });
    await context.close();
  });

  it('shows the controls of a plain browser in order, a quarter of the screen wide, with the footer', async () => {
    const { context, page } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await page.click('.hamburger');
    await page.waitForSelector('.sidebar');
    expect(await sidebarControls(page)).toEqual([
      'Screen Name',
      'Orientation',
      'Fullscreen',
      'Reload',
      'Clear cache',
      'Reset Pairing',
    ]);
    expect(await page.textContent('#screen-name-hint')).toBe('120 characters maximum');
    expect(await page.$$eval('.segmented__option', (n) => n.map((b) => b.textContent))).toEqual([
      '0°',
      '90°',
      '180°',
      '270°',
    ]);
    const width = await page.$eval('.sidebar', (node) => node.getBoundingClientRect().width);
    expect(width).toBeCloseTo(Math.max(1280 / 4, 320), 0);
    const footer = await page.textContent('.sidebar__footer');
    expect(footer).toMatch(/IP Unknown · \w+/);
    expect(footer).toMatch(/Uptime \d+hr \d+m \d+s/);
    expect(footer).toContain('v1.0.0');
    await saveScreenshot(page, 'general-player-sidebar-browser');
    await context.close();
  });

  it('validates the name (120 characters) and saves it locally after 2 s and on the server debounced 2 s', async () => {
    const { context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await pauseClock(page);
    await page.click('.hamburger');
    await page.fill('#screen-name', 'x'.repeat(121));
    expect(await page.textContent('#screen-name-hint')).toBe(
      'The screen name can have at most 120 characters.',
    );
    await page.clock.runFor(5000);
    expect(((await localValue(page, 'settings')) as { name?: string }).name).not.toBe('x'.repeat(121));
    await page.fill('#screen-name', 'Front window');
    expect(await page.textContent('#screen-name-hint')).toBe('120 characters maximum');
    await page.clock.runFor(1900);
    expect(((await localValue(page, 'settings')) as { name?: string }).name).not.toBe('Front window');
    await page.clock.runFor(200);
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem('settings') ?? '{}').name === 'Front window',
    );
    await waitFor(
      async () => (await screenView(stage.server, stage.operator, screenId)).name === 'Front window',
    );
    await context.close();
  });

  it('rotates the frame by CSS, and saves the orientation locally and on the server', async () => {
    const { context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await page.click('.hamburger');
    await page.click('.segmented__option:has-text("90°")');
    const box = await page.$eval('[data-testid="frame-box"]', (node) => ({
      transform: (node as HTMLElement).style.transform,
      width: (node as HTMLElement).style.width,
      height: (node as HTMLElement).style.height,
    }));
    expect(box).toEqual({ transform: 'rotate(90deg)', width: '720px', height: '1280px' });
    expect(((await localValue(page, 'settings')) as { orientation: string }).orientation).toBe('portrait');
    await waitFor(
      async () =>
        (await screenView(stage.server, stage.operator, screenId)).settings.orientation === 'portrait',
    );
    await page.mouse.click(100, 300);
    await page.waitForTimeout(500);
    await saveScreenshot(page, 'general-player-portrait');
    // The orientation survives a reload.
    await page.reload();
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="frame-box"]') as HTMLElement | null)?.style.transform ===
        'rotate(90deg)',
    );
    await context.close();
  });

  it('asks before reset pairing and clear cache, with the texts of docs/player.md §Sidebar, and carries them out on yes', async () => {
    const { context, page } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await page.click('.hamburger');
    await page.click('button:has-text("Clear cache")');
    expect(await page.textContent('.dialog__message')).toBe('Are you sure you want to clear the cache?');
    expect(await page.$$eval('.dialog__buttons button', (n) => n.map((b) => b.textContent))).toEqual([
      'No, cancel',
      "Yes, I'm sure",
    ]);
    await saveScreenshot(page, 'general-player-confirm-dialog');
    await page.click('button:has-text("No, cancel")');
    await page.waitForSelector('.dialog', { state: 'detached' });
    await markPage(page);
    await page.click('button:has-text("Clear cache")');
    await page.click(`button:has-text("Yes, I'm sure")`);
    await waitForReload(page);

    await page.click('.hamburger');
    await page.click('button:has-text("Reset Pairing")');
    expect(await page.textContent('.dialog__message')).toBe('Are you sure you want to reset the pairing?');
    await markPage(page);
    await page.click(`button:has-text("Yes, I'm sure")`);
    await waitForReload(page);
    await contentFrame(page, '/content/pair');
    expect(await localValue(page, '__sc_player_url')).toBeNull();
    expect(await page.getAttribute(FRAME, 'src')).toBe(`${stage.server.url}/content/pair`);
    await context.close();
  });

  it('toggles debug mode with 7 taps on the version within 3 s; the sidebar then stays open; one tap turns it off', async () => {
    const { context, page } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await pauseClock(page);
    await page.click('.hamburger');
    for (let i = 0; i < 6; i++) await page.click('[data-testid="version"]');
    expect(await page.$('.badge')).toBeNull();
    await page.click('[data-testid="version"]');
    await page.waitForSelector('.badge:has-text("Debug")');
    expect(await localValue(page, '__sc_player_debug_mode')).toBe(true);
    await page.clock.runFor(30_000);
    await page.mouse.click(100, 300);
    expect(await page.$('.sidebar')).not.toBeNull();
    await page.click('[data-testid="version"]');
    await page.waitForSelector('.badge', { state: 'detached' });
    expect(await localValue(page, '__sc_player_debug_mode')).toBeNull();
    await context.close();
  });

  it('sends heartbeats the studio reads: uptime, platform, version', async () => {
    const { context, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    const status = await waitFor(async () => {
      const view = await screenView(stage.server, stage.operator, screenId);
      return view.status.version !== null && view.status.online ? view.status : null;
    });
    expect(status).toMatchObject({ platform: 'browser', version: '1.0.0', online: true });
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(0);
    await context.close();
  });

  it('reloads, goes full screen, and offers Install App once the browser allows installing', async () => {
    const { context, page } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await page.click('.hamburger');
    expect(await page.$('button:has-text("Install App")')).toBeNull();
    await page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          (window as unknown as { __prompted: boolean }).__prompted = true;
        },
      });
      window.dispatchEvent(event);
    });
    await page.click('button:has-text("Install App")');
    await page.waitForFunction(() => (window as unknown as { __prompted?: boolean }).__prompted === true);
    await page.waitForSelector('button:has-text("Install App")', { state: 'detached' });
    await page.click('button:has-text("Fullscreen")');
    await page.waitForFunction(() => document.fullscreenElement === document.documentElement);
    await markPage(page);
    await page.click('button:has-text("Reload")');
    await waitForReload(page);
    await context.close();
  });
});
