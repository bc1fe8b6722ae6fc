// The real player, framed on chromeos by a native wrapper built on the common open-source implementation of the
// window-message protocol (bridge.support.ts): its pong carries no `from`. The player must connect to it at once
// (not wait out the 15 s framed-environment wait and run without it), also when the wrapper adds fields of its own
// to every message kind, and pass it its stored data cleaned by the stored-data cleaning rule.

import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { playerFrameOf, timeToRegistration, wrapperView, useWrapperStage } from './bridge.support';
import { waitFor } from './player.support';

const stage = useWrapperStage();

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Milliseconds from the player document's request to its registration request, once it registered. */
  startDelay: () => Promise<number>;
  console: string[];
}

async function openWrapped(options: Record<string, string>): Promise<Opened> {
  const context = await stage.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  const startDelay = timeToRegistration(page, stage.server.url);
  await page.goto(stage.wrappers.url(`${stage.server.url}/?platform=chromeos`, options));
  return { context, page, startDelay, console };
}

describe('a chromeos wrapper on the common implementation (pong without from)', () => {
  it('is connected at once: the player reads its auth, hands it the new auth and its stored data, cleaned', async () => {
    const { context, page, startDelay } = await openWrapped({ mode: 'common' });
    // Far below the 15 s the player waited for a parent it could not hear.
    expect(await startDelay()).toBeLessThan(5_000);
    const view = await waitFor(async () => {
      const seen = await wrapperView(page);
      return seen.auth !== null && 'deviceId' in seen.storage ? seen : null;
    });
    const methods = view.calls.map((call) => call.method);
    expect(methods).toEqual(
      expect.arrayContaining(['getAuthData', 'getModel', 'getMetadata', 'setAuthData']),
    );
    // Its stored data went to the wrapper's storage, less what the cleaning rule drops: never the auth object.
    const player = playerFrameOf(page, stage.server.url);
    const deviceId = await player?.evaluate(() => JSON.parse(localStorage.getItem('deviceId') ?? 'null'));
    expect(view.storage.deviceId).toBe(deviceId);
    expect(view.storage).not.toHaveProperty('auth');
    expect(Object.keys(view.storage).some((key) => key.startsWith('firebase:'))).toBe(false);
    // The auth it handed over is the one it stored.
    const stored = await player?.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null'));
    expect(view.auth).toEqual(stored);
    await context.close();
  });

  it("logs a failed device-info read under 'Duplicate Screen Check' and starts anyway", async () => {
    const { context, startDelay, console } = await openWrapped({ mode: 'common', failDeviceInfo: '1' });
    expect(await startDelay()).toBeLessThan(5_000);
    const line = await waitFor(async () =>
      console.find((text) => text.includes('Duplicate Screen Check') && text.includes('getDeviceInfo')),
    );
    expect(line).toContain('device info unavailable');
    await context.close();
  });
});

describe('a chromeos wrapper that adds fields of its own to every message kind', () => {
  it('is connected and answered all the same', async () => {
    const { context, page, startDelay } = await openWrapped({ mode: 'extra' });
    expect(await startDelay()).toBeLessThan(5_000);
    const view = await waitFor(async () => {
      const seen = await wrapperView(page);
      return seen.auth !== null && seen.results.length > 0 ? seen : null;
    });
    expect(view.calls.map((call) => call.method)).toContain('setAuthData');
    // Its own call (extra fields, null arguments) was read and answered, in the documented form.
    expect(view.results).toEqual([{ id: 'w-1', error: 'missing api method: getPairingCode' }]);
    await context.close();
  });
});
