// The player inside the reference wrapper with an explicit capability set (`?caps=`): the sidebar's Fullscreen
// needs the fullscreen capability and Clear cache the clear_cache capability as well as the URL rule; the wrapper's
// native storage receives the player's stored data, cleaned; and a stored no-hardware-id flag skips the
// hardware-id lookup (docs/player.md §Capabilities, §Sidebar, §Local storage, §Auth).

import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import { sidebarControls, waitFor } from './player.support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startStage(['player', 'content', 'host']));
});
afterAll(() => stopStage({ server, browser }));

declare global {
  interface Window {
    __hostCalls?: { method: string; args: unknown[] }[];
  }
}

async function wrapped(
  search: string,
  noHardwareId = false,
): Promise<{ page: Page; player: Frame; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1580, height: 720 } });
  if (noHardwareId) {
    // Stored before the player's first start (the wrapper page shares the player's origin here).
    await context.addInitScript((origin) => {
      if (location.origin === origin) localStorage.setItem('__sc_player_no_hardware_id', 'true');
    }, server.url);
  }
  const page = await context.newPage();
  await page.goto(`${server.url}/host/${search}`);
  const player = await (await page.waitForSelector('.host__player')).contentFrame();
  if (!player) throw new Error('no player frame');
  await player.waitForSelector('[data-testid="connection"][data-database="true"]', { state: 'attached' });
  return { page, player, close: () => context.close() };
}

async function controls(player: Frame): Promise<string[]> {
  await player.click('.hamburger');
  await player.waitForSelector('.sidebar');
  return sidebarControls(player);
}

describe('the sidebar follows the capabilities the wrapper reports', () => {
  it('without fullscreen and clear_cache: no Fullscreen, no Clear cache', async () => {
    const { player, close } = await wrapped('?platform=android&caps=get_device_info');
    expect(await controls(player)).toEqual(['Screen Name', 'Orientation', 'Reload', 'Reset Pairing']);
    await close();
  });

  it('with fullscreen and clear_cache: both, the frame URL being the content player', async () => {
    const { player, close } = await wrapped('?platform=android&caps=fullscreen,clear_cache,get_device_info');
    expect(await controls(player)).toEqual([
      'Screen Name',
      'Orientation',
      'Fullscreen',
      'Reload',
      'Clear cache',
      'Reset Pairing',
    ]);
    await close();
  });
});

describe('stored data and the hardware id', () => {
  it("passes the player's stored data to the wrapper's storage, cleaned: never the auth object", async () => {
    const { page, player, close } = await wrapped('?platform=android');
    const keys = await waitFor(async () => {
      const found = await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('marquee-host:android:storage:')),
      );
      return found.includes('marquee-host:android:storage:deviceId') ? found : null;
    });
    expect(keys).not.toContain('marquee-host:android:storage:auth');
    expect(keys.some((key) => key.includes('firebase:'))).toBe(false);
    const [native, local] = await Promise.all([
      page.evaluate(() => localStorage.getItem('marquee-host:android:storage:deviceId')),
      player.evaluate(() => localStorage.getItem('deviceId')),
    ]);
    expect(native).toBe(local);
    // A later write goes along too: the screen name typed in the sidebar.
    await player.click('.hamburger');
    await player.fill('#screen-name', 'Front desk');
    const settings = await waitFor(async () => {
      const text = await page.evaluate(() => localStorage.getItem('marquee-host:android:storage:settings'));
      const value = JSON.parse(text ?? 'null') as { name?: string } | null;
      return value?.name === 'Front desk' ? value : null;
    }, 10_000);
    expect(settings.name).toBe('Front desk');
    await close();
  });

  it('skips the hardware-id lookup when the no-hardware-id flag is stored', async () => {
    const { page, close } = await wrapped('?platform=chromeos&hardwareId=hw-skip-1', true);
    const calls = await page.evaluate(() => (window.__hostCalls ?? []).map((call) => call.method));
    expect(calls).toContain('getModel');
    expect(calls).toContain('getDeviceInfo');
    expect(calls).not.toContain('getHardwareId');
    await close();
  });

  it('asks for the hardware id without the flag', async () => {
    const { page, close } = await wrapped('?platform=chromeos&hardwareId=hw-ask-1');
    const calls = await page.evaluate(() => (window.__hostCalls ?? []).map((call) => call.method));
    expect(calls).toContain('getHardwareId');
    await close();
  });
});
