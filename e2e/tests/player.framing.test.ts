// A framed player off chromeos (docs/player.md §Start-up, step 2): the framed-environment wait is chromeos's only,
// so a player whose parent never answers starts at once instead of waiting out a handshake, and its bridge goes on
// connecting in the background: a parent that answers late still gets the player's stored data, cleaned.

import { describe, expect, it } from 'vitest';
import { playerFrameOf, timeToRegistration, wrapperView, useWrapperStage } from './bridge.support';
import { waitFor } from './player.support';

const stage = useWrapperStage();

describe('a framed player on android', () => {
  it('whose parent never answers starts at once, without waiting for a handshake', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const delay = timeToRegistration(page, stage.server.url);
    await page.goto(stage.wrappers.url(`${stage.server.url}/?platform=android`, { mode: 'silent' }));
    // The bridge's 10 s connect time-out no longer holds the start-up.
    expect(await delay()).toBeLessThan(5_000);
    const player = playerFrameOf(page, stage.server.url);
    await player?.waitForSelector('[data-testid="connection"][data-database="true"]', { state: 'attached' });
    await context.close();
  });

  it('connects in the background to a parent that answers late, and passes it the stored data, cleaned', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const delay = timeToRegistration(page, stage.server.url);
    await page.goto(stage.wrappers.url(`${stage.server.url}/?platform=android`, { answerAfter: '3000' }));
    expect(await delay()).toBeLessThan(3_000);
    const storage = await waitFor(async () => {
      const seen = (await wrapperView(page)).storage;
      return 'deviceId' in seen ? seen : null;
    });
    const player = playerFrameOf(page, stage.server.url);
    expect(storage.deviceId).toBe(
      await player?.evaluate(() => JSON.parse(localStorage.getItem('deviceId') ?? 'null')),
    );
    expect(storage).not.toHaveProperty('auth');
    await context.close();
  });
});
