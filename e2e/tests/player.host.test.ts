// The player inside the reference wrapper (apps/host): the parent API over the bridge, each capability-dependent
// control and flag carried out by the wrapper, the duplicate-hardware notice, and the other way round a platform
// without those capabilities.

import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { api, command, pair, sidebarControls, usePlayerStage, waitFor } from './player.support';

const stage = usePlayerStage(['player', 'content', 'host']);

async function hostCalls(page: Page): Promise<string[]> {
  return page.evaluate(() => (window.__hostCalls ?? []).map((call) => call.method));
}

/** The player frame inside the wrapper, once it has a pairing code (registered and connected). */
async function playerFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('.host__player');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no player frame');
  await frame.waitForSelector('[data-testid="connection"][data-database="true"]', { state: 'attached' });
  return frame;
}

/** After pairing the player rotates its credentials and reloads: wait for the paired, reconnected player. */
async function afterPairing(player: Frame): Promise<void> {
  await player.waitForFunction(() => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { apiToken: string } | null;
    if (auth === null) return false;
    const claims = JSON.parse(atob(auth.apiToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims.screen_id === 'string' && localStorage.getItem('__sc_player_url') !== null;
  });
  await player.waitForFunction(() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return (
      entry?.type === 'reload' && document.querySelector('[data-testid="connection"][data-database="true"]')
    );
  });
}

async function codeOf(player: Frame): Promise<string> {
  const handle = await player.waitForFunction(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.endsWith('/pairing/code'))
        return /"([A-Z0-9]{6})"/.exec(localStorage.getItem(key) ?? '')?.[1] ?? null;
    }
    return null;
  });
  return (await handle.jsonValue()) as string;
}

async function wrapped(search: string) {
  const context = await stage.browser.newContext({ viewport: { width: 1580, height: 720 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stage.server.url });
  const page = await context.newPage();
  await page.goto(`${stage.server.url}/host/${search}`);
  return { context, page, player: await playerFrame(page) };
}

declare global {
  interface Window {
    __hostCalls?: { method: string; args: unknown[] }[];
  }
}

describe('general player inside the reference wrapper', () => {
  it('on chromeos: resolves auth with the parent, shows every capability control and carries them out there', async () => {
    const { context, page, player } = await wrapped('?platform=chromeos&hardwareId=hw-chromeos-1');
    const calls = await hostCalls(page);
    for (const method of [
      'getAuthData',
      'setAuthData',
      'getModel',
      'getHardwareId',
      'getMetadata',
      'getDeviceInfo',
    ]) {
      expect(calls).toContain(method);
    }
    // The parent holds the same auth as local storage.
    const [parentAuth, localAuth] = await Promise.all([
      page.evaluate(() => localStorage.getItem('marquee-host:chromeos:auth')),
      player.evaluate(() => localStorage.getItem('auth')),
    ]);
    expect(JSON.parse(parentAuth ?? 'null')).toEqual(JSON.parse(localAuth ?? 'null'));

    const screen = await pair(stage.server, stage.operator, await codeOf(player));
    await afterPairing(player);

    await player.click('.hamburger');
    expect(await sidebarControls(player)).toEqual([
      'Screen Name',
      'Orientation',
      'Mute',
      'Daily restart',
      'Fullscreen',
      'Reload',
      'Clear cache',
      'Copy unique URL',
      'Reboot',
      'Reset Pairing',
    ]);
    expect(await player.textContent('.sidebar__footer')).toContain('IP 10.0.0.42');
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'host-chromeos-sidebar');

    // Mute: saved, synced, and carried out by the parent.
    await player.click('label[for="mute"]');
    await waitFor(async () => (await hostCalls(page)).includes('mute'));
    expect(JSON.parse((await player.evaluate(() => localStorage.getItem('settings'))) ?? '{}').mute).toBe(
      true,
    );

    // Daily restart on at the 3am slot.
    await player.click('label[for="daily-restart"]');
    await player.selectOption('select[aria-label="Daily restart time"]', '03:00am');
    const settings = JSON.parse((await player.evaluate(() => localStorage.getItem('settings'))) ?? '{}');
    expect(settings).toMatchObject({ daily_restart: 'on', daily_restart_time: '03:00am' });
    expect(
      await player.$$eval('select[aria-label="Daily restart time"] option', (o) => o[4]?.textContent),
    ).toBe('4:00am - 4:59am');

    // Copy unique URL: confirmation, then 'Copied!' for 2 s.
    await player.click('button:has-text("Copy unique URL")');
    expect(await player.textContent('.dialog__message')).toContain('new player instance');
    await player.click(`button:has-text("Yes, I'm sure")`);
    await player.waitForSelector('button:has-text("Copied!")');
    const deviceId = JSON.parse((await player.evaluate(() => localStorage.getItem('deviceId'))) ?? '""');
    expect(await player.evaluate(() => navigator.clipboard.readText())).toBe(
      `${stage.server.url}/?id=${deviceId}`,
    );
    await player.waitForSelector('button:has-text("Copy unique URL")', { timeout: 4000 });

    // Reboot asks first and then the parent reboots (the wrapper restarts the player).
    await player.click('button:has-text("Reboot")');
    expect(await player.textContent('.dialog__message')).toBe('Are you sure you want to reboot?');
    await player.click(`button:has-text("Yes, I'm sure")`);
    await waitFor(async () => (await hostCalls(page)).includes('reboot'));

    // Flags the wrapper carries out: screenshot (uploaded by the player), reboot, mute.
    // The rebooted player starts again: it asks the parent for its auth once more.
    await waitFor(async () => (await hostCalls(page)).filter((m) => m === 'getAuthData').length >= 2);
    await page.waitForTimeout(200);
    await playerFrame(page);
    await command(stage.server, stage.operator, screen.id, 'screenshot', 'full');
    const shot = await waitFor(async () => {
      const response = await fetch(`${stage.server.url}/api/v1/screens/${screen.id}/screenshot`, {
        headers: { Authorization: `Bearer ${stage.operator.token}` },
      });
      return response.status === 200 ? response.headers.get('content-type') : null;
    });
    expect(shot).toBe('image/png');
    await command(stage.server, stage.operator, screen.id, 'mute');
    await waitFor(async () => (await hostCalls(page)).filter((m) => m === 'mute').length >= 1);
    await command(stage.server, stage.operator, screen.id, 'reboot');
    await waitFor(async () => (await hostCalls(page)).includes('reboot'));
    await context.close();
  });

  it('shows the duplicate-hardware notice with its texts when the hardware id is taken by a screen', async () => {
    // hw-chromeos-1 was paired above; a second device with the same hardware id is refused.
    const context = await stage.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/host/?platform=chromeos&hardwareId=hw-chromeos-1`);
    const player = (await (await page.waitForSelector('.host__player')).contentFrame()) as Frame;
    await player.waitForSelector('.notice__title');
    expect(await player.textContent('.notice__title')).toBe(
      'The device has previously been associated with a screen.',
    );
    expect(await player.textContent('[data-testid="hardware-id"]')).toBe('hw-chromeos-1');
    expect(await player.textContent('.notice')).toContain("We're here to help!");
    expect(await player.textContent('.notice')).toContain('allow_clone_screen_by_hardware_id');
    await saveScreenshot(page, 'host-duplicate-hardware');
    await context.close();
  });

  it('on a platform without the capabilities: no fullscreen, mute, daily restart, clear cache, copy link or reboot; their flags still acknowledged', async () => {
    const { context, page, player } = await wrapped('?platform=tizen&caps=get_device_info');
    const screen = await pair(stage.server, stage.operator, await codeOf(player));
    await afterPairing(player);
    await player.click('.hamburger');
    const controls = await player.$$eval(
      '.sidebar__body .switch > span:first-child, .sidebar__body .actions button',
      (n) => n.map((b) => (b.textContent ?? '').trim()),
    );
    // Reload is always possible; Reset Pairing needs no capability.
    expect(controls).toEqual(['Reload', 'Reset Pairing']);
    for (const name of ['reboot', 'mute']) {
      expect((await command(stage.server, stage.operator, screen.id, name)).state).toBe('acknowledged');
    }
    expect(await hostCalls(page)).not.toContain('reboot');
    expect(await hostCalls(page)).not.toContain('mute');
    const { status } = await api(
      stage.server,
      'GET',
      `/api/v1/screens/${screen.id}`,
      undefined,
      stage.operator.token,
    );
    expect(status).toBe(200);
    await context.close();
  });
});
