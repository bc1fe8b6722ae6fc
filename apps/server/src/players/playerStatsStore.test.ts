// The stats table on both engines: a report replaces the previous one (the upsert each engine must run the same),
// and a report of a player that is gone is refused as such, never a database error.

import { expect, it } from 'vitest';
import type { PlayerStats } from '@marquee/protocol';
import { describeOnBothEngines } from '../../test/harness/databases';
import { insertPlayer } from '../../test/harness/fixtures';
import { PlayerStatsService, latestPlayerStats } from './playerStats';

const REPORT: PlayerStats = {
  uptime: 60,
  heap: null,
  frameResponsive: true,
  contentVersion: 1,
  onlineSeconds: 60,
  offlineSeconds: 0,
};

describeOnBothEngines('player stats store', (database) => {
  it('keeps one latest report per player', async () => {
    const { db } = database();
    let now = Date.UTC(2030, 0, 1);
    const stats = new PlayerStatsService(db, () => now);
    const a = await insertPlayer(db);
    const b = await insertPlayer(db);
    await stats.record(a, REPORT);
    now += 20_000;
    await stats.record(a, { ...REPORT, uptime: 80, onlineSeconds: 70, offlineSeconds: 10 });
    await stats.record(b, REPORT);
    const latest = await latestPlayerStats(db, [a, b, 'nobody']);
    expect(latest.get(a)).toEqual({
      stats: { ...REPORT, uptime: 80, onlineSeconds: 70, offlineSeconds: 10 },
      reportedAt: now,
    });
    expect(latest.get(b)?.stats).toEqual(REPORT);
    expect(latest.has('nobody')).toBe(false);
    expect(
      await db.selectFrom('player_stats').select('player_id').where('player_id', '=', a).execute(),
    ).toHaveLength(1);
  });

  it("keeps the content watchdog's recoveries of a newer player, and reads an older player's report without them", async () => {
    const { db } = database();
    const stats = new PlayerStatsService(db, () => 0);
    const newer = await insertPlayer(db);
    const older = await insertPlayer(db);
    await stats.record(newer, { ...REPORT, frameRecoveries: 2 });
    await stats.record(older, REPORT);
    const latest = await latestPlayerStats(db, [newer, older]);
    expect(latest.get(newer)?.stats).toEqual({ ...REPORT, frameRecoveries: 2 });
    expect(latest.get(older)?.stats).not.toHaveProperty('frameRecoveries');
  });

  it('refuses the report of a player that no longer exists', async () => {
    const { db } = database();
    const stats = new PlayerStatsService(db, () => 0);
    await expect(stats.record('gone', REPORT)).rejects.toMatchObject({
      kind: 'not_found',
      code: 'PLAYER_NOT_FOUND',
    });
  });
});
