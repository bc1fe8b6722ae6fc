// A framed player off chromeos (docs/player.md §Start-up, step 2): the framed-environment wait is chromeos's only,
// so a player whose parent never answers starts at once instead of waiting out a handshake, and its bridge goes on
// connecting in the background: a parent that answers late still gets the player's stored data, cleaned.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import { serveRawWrapper, wrapperView, type RawWrapperServer } from './bridge.support';
import { waitFor } from './player.support';

let server: RunningServer;
let browser: Browser;
let wrappers: RawWrapperServer;

beforeAll(async () => {
  ({ server, browser } = await startStage(['player', 'content']));
  wrappers = await serveRawWrapper();
});
afterAll(async () => {
  await wrappers?.close();
  await stopStage({ server, browser });
});

/** Milliseconds from the framed player's document request to its registration request. */
function timeToRegistration(page: Page): () => Promise<number> {
  let documentAt = 0;
  let registeredAt = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== server.url) return;
    if (request.resourceType() === 'document' && url.pathname === '/') documentAt ||= Date.now();
    if (request.method() === 'POST' && url.pathname === '/_internal/players') registeredAt ||= Date.now();
  });
  return async () => {
    await waitFor(async () => registeredAt > 0, 30_000);
    return registeredAt - documentAt;
  };
}

describe('a framed player on android', () => {
  it('whose parent never answers starts at once, without waiting for a handshake', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const delay = timeToRegistration(page);
    await page.goto(wrappers.url(`${server.url}/?platform=android`, { mode: 'silent' }));
    // The bridge's 10 s connect time-out no longer holds the start-up.
    expect(await delay()).toBeLessThan(5_000);
    const player = page.frames().find((frame) => frame.url().startsWith(`${server.url}/?`));
    await player?.waitForSelector('[data-testid="connection"][data-database="true"]', { state: 'attached' });
    await context.close();
  });

  it('connects in the background to a parent that answers late, and passes it the stored data, cleaned', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const delay = timeToRegistration(page);
    await page.goto(wrappers.url(`${server.url}/?platform=android`, { answerAfter: '3000' }));
    expect(await delay()).toBeLessThan(3_000);
    const storage = await waitFor(async () => {
      const seen = (await wrapperView(page)).storage;
      return 'deviceId' in seen ? seen : null;
    });
    const player = page.frames().find((frame) => frame.url().startsWith(`${server.url}/?`));
    expect(storage.deviceId).toBe(
      await player?.evaluate(() => JSON.parse(localStorage.getItem('deviceId') ?? 'null')),
    );
    expect(storage).not.toHaveProperty('auth');
    await context.close();
  });
});
