// The player shares its origin with the studio, the content player and the reference wrapper (the single-origin
// default). A fresh start for a new `id` query parameter clears the player's own keys only: the operator stays
// signed in to the studio, the wrapper keeps its native storage, and the player's old identity, realtime copy and
// settings are gone (docs/player.md §Local storage, §Auth).

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import { localValue, playerIdOf } from './player.support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startStage(['player', 'content']));
});
afterAll(() => stopStage({ server, browser }));

describe('general player: a fresh start for a new id', () => {
  it("clears the player's keys and leaves the other apps' keys of the origin alone", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const oldId = await playerIdOf(page);
    // The realtime copy of the old player's document is there once it has read its pairing code.
    await page.waitForFunction(
      (id) => Object.keys(localStorage).some((key) => key.startsWith(`firebase:rtdb:players/${id}`)),
      oldId,
    );
    await page.evaluate(() => {
      localStorage.setItem('__sc_player_debug_mode', 'true');
      localStorage.setItem('settings', JSON.stringify({ name: 'Old screen' }));
      // What the studio and the wrapper keep on the same origin.
      localStorage.setItem('marquee-studio-session', JSON.stringify({ idToken: 'operator-token' }));
      localStorage.setItem('marquee-host:chromeos:auth', JSON.stringify({ apiToken: 'native' }));
    });

    const newId = `fresh-${Date.now()}`;
    await page.goto(`${server.url}/?id=${newId}`);
    await page.waitForFunction((id) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { apiToken: string } | null;
      if (auth === null) return false;
      const claims = JSON.parse(atob(auth.apiToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
      return claims.sub === id;
    }, newId);

    expect(await localValue(page, 'deviceId')).toBe(newId);
    expect(await localValue(page, '__sc_player_debug_mode')).toBeNull();
    expect(await localValue(page, 'settings')).not.toEqual({ name: 'Old screen' });
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.some((key) => key.startsWith(`firebase:rtdb:players/${oldId}`))).toBe(false);
    expect(await localValue(page, 'marquee-studio-session')).toEqual({ idToken: 'operator-token' });
    expect(await localValue(page, 'marquee-host:chromeos:auth')).toEqual({ apiToken: 'native' });
    await context.close();
  });
});
