// The content watchdog in Chromium (docs/player.md §Content watchdog): a paired player whose content frame stops
// answering the bridge gets it back. The frame is made silent the way a hung or hijacked content page is: it is
// navigated to a page without the content player (a same-site frame shares the player's thread, so an endless loop
// in it would freeze the watchdog too). The watchdog's period is shortened from 30 s to 1 s through the runtime
// configuration; each probe still waits out the bridge's 5 s call time-out, so the third miss comes about 15 s
// after the frame went silent.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import fs from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR } from '../harness/artifacts';
import { FRAME, api, contentFrame, pairedPlayer, usePlayerStage, waitFor } from './player.support';
import { shortenPlayerTimings } from './playerTimings.support';

const stage = usePlayerStage(['player', 'content']);

/** The path the main frame element's document shows, or null while it has none. */
const framePath = (page: Page) =>
  page.evaluate((selector) => {
    const frame = document.querySelector(selector) as HTMLIFrameElement | null;
    try {
      return frame?.contentWindow?.location.pathname ?? null;
    } catch {
      return null;
    }
  }, FRAME);

describe('general player: content watchdog', () => {
  it('reloads a content frame that stopped answering, and counts the recovery in its stats', async () => {
    const { context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    const assigned = await api(
      stage.server,
      'PATCH',
      `/api/v1/screens/${screenId}`,
      { content: [{ src: `${stage.server.url}/online.txt` }] },
      stage.operator.token,
    );
    expect(assigned.status).toBe(200);
    await shortenPlayerTimings(context, { frameWatchdogMs: 1000 });
    await context.addInitScript(() => {
      if (window === window.top) Math.random = () => 0;
    });
    await page.reload();
    const frame = await contentFrame(page, '/content/');
    // A healthy frame is left alone for several periods.
    await page.waitForTimeout(4000);
    expect(await framePath(page)).toMatch(/^\/content\//);

    const silentAt = Date.now();
    await frame.goto(`${stage.server.url}/online.txt`);
    expect(await framePath(page)).toBe('/online.txt');
    await waitFor(async () => ((await framePath(page))?.startsWith('/content/') ?? false) || null, 40_000);
    const recoveredAfter = Date.now() - silentAt;
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.writeFileSync(
      join(ARTIFACTS_DIR, 'player-watchdog-timings.json'),
      JSON.stringify({ frameWatchdogMs: 1000, recoveredAfterMs: recoveredAfter }, null, 2),
    );
    // Three probes of 5 s each, started a period apart once the previous one settled.
    expect(recoveredAfter).toBeGreaterThanOrEqual(12_000);
    expect(recoveredAfter).toBeLessThan(30_000);
    await contentFrame(page, '/content/');

    // The stats (10 s after the load, then 30 s, 70 s… with the lowest draw) count the recovery, and the frame's
    // bridge, following the re-mounted frame, has it answer again.
    const stats = await waitFor(async () => {
      const { body } = await api<{
        status: { stats?: { frameRecoveries?: number; frameResponsive: boolean } };
      }>(stage.server, 'GET', `/api/v1/screens/${screenId}`, undefined, stage.operator.token);
      const reported = body.status.stats;
      return reported?.frameRecoveries === 1 && reported.frameResponsive ? reported : null;
    }, 90_000);
    expect(stats).toMatchObject({ frameRecoveries: 1, frameResponsive: true });
    await context.close();
  }, 180_000);
});
