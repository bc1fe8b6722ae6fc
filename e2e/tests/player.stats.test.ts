// The general player's runtime stats in Chromium (docs/player.md §Stats): a paired player reports them on the
// real schedule, with Math.random pinned to its lowest draw in the player's page (the first report then comes
// 10 s after the load, the next 20 s after that), and the management API's screen view answers the latest.

import { describe, expect, it } from 'vitest';
import { api, pairedPlayer, usePlayerStage, waitFor, type Operator } from './player.support';
import type { RunningServer } from '../harness/server';

interface StatsView {
  uptime: number;
  heap: { used: number; total: number; limit: number } | null;
  frameResponsive: boolean;
  contentVersion: number | null;
  onlineSeconds: number;
  offlineSeconds: number;
  reportedAt: number;
}

interface ScreenAnswer {
  content: { version: number };
  status: { stats?: StatsView };
}

async function screenOf(server: RunningServer, operator: Operator, screenId: string): Promise<ScreenAnswer> {
  const { status, body } = await api<ScreenAnswer>(
    server,
    'GET',
    `/api/v1/screens/${screenId}`,
    undefined,
    operator.token,
  );
  if (status !== 200) throw new Error(`screen answered ${status}`);
  return body;
}

const stage = usePlayerStage(['player', 'content']);

describe('general player: runtime stats', () => {
  it('reports 10 s after a load with the lowest draw, then 20 s later, and the screen view answers it', async () => {
    const { context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    // Content the frame shows, so the version it reports is the screen's (raised by this change).
    const assigned = await api(
      stage.server,
      'PATCH',
      `/api/v1/screens/${screenId}`,
      { content: [{ src: `${stage.server.url}/online.txt` }] },
      stage.operator.token,
    );
    expect(assigned.status).toBe(200);
    const { version } = (await screenOf(stage.server, stage.operator, screenId)).content;

    await context.addInitScript(() => {
      if (window === window.top) Math.random = () => 0;
    });
    await page.reload();
    const loadedAt = await page.evaluate(() => performance.timeOrigin);

    // A report of the page before the reload may be there already: wait for one of this load.
    const first = await waitFor(async () => {
      const stats = (await screenOf(stage.server, stage.operator, screenId)).status.stats;
      return stats !== undefined && stats.reportedAt > loadedAt ? stats : null;
    }, 40_000);
    expect(first.reportedAt - loadedAt).toBeGreaterThanOrEqual(10_000);
    expect(first.reportedAt - loadedAt).toBeLessThan(14_000);
    expect(first.uptime).toBeGreaterThanOrEqual(9);
    expect(first.uptime).toBeLessThanOrEqual(12);
    expect(first.frameResponsive).toBe(true);
    expect(first.contentVersion).toBe(version);
    // Chromium tells the heap (performance.memory).
    expect(first.heap).not.toBeNull();
    expect(first.heap!.used).toBeGreaterThan(0);
    expect(first.heap!.limit).toBeGreaterThanOrEqual(first.heap!.used);
    // Online the whole time: the two shares add up to the uptime.
    expect(first.offlineSeconds).toBe(0);
    expect(Math.abs(first.onlineSeconds - first.uptime)).toBeLessThanOrEqual(1);

    const second = await waitFor(async () => {
      const stats = (await screenOf(stage.server, stage.operator, screenId)).status.stats;
      return stats !== undefined && stats.reportedAt !== first.reportedAt ? stats : null;
    }, 40_000);
    expect(second.reportedAt - first.reportedAt).toBeGreaterThanOrEqual(20_000);
    expect(second.reportedAt - first.reportedAt).toBeLessThan(24_000);
    expect(second.uptime - first.uptime).toBeGreaterThanOrEqual(19);
    expect(second.uptime - first.uptime).toBeLessThanOrEqual(22);
    expect(second.onlineSeconds).toBeGreaterThan(first.onlineSeconds);
    await context.close();
  });
});
