import { expect, it } from 'vitest';
import { describeOnBothEngines } from '../../test/harness/databases';
import { insertPlayer } from '../../test/harness/fixtures';
import { RETAINED, keepNewest } from './retention';

describeOnBothEngines('keepNewest', (database) => {
  let sequence = 0;

  async function insertLogs(playerId: string, entries: [time: number, id: string][]) {
    await database()
      .db.insertInto('logs')
      .values(
        entries.map(([time, id]) => ({
          id,
          player_id: playerId,
          org_id: null,
          level: 'info',
          message: id,
          data: null,
          created_at: time,
        })),
      )
      .execute();
  }
  const kept = async (playerId: string) =>
    (
      await database()
        .db.selectFrom('logs')
        .select('id')
        .where('player_id', '=', playerId)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);

  it('deletes beyond the newest N by time, then id, and only for that player', async () => {
    const player = `player-${++sequence}`;
    const other = `player-${++sequence}`;
    await insertLogs(player, [
      [100, 'a'],
      [300, 'b'],
      [200, 'c'],
      [300, 'd'],
      [200, 'e'],
    ]);
    await insertLogs(other, [[1, 'z']]);
    expect(await keepNewest(database().db, RETAINED.logs, player, 3)).toBe(2);
    // Newest first: d(300), b(300), e(200), c(200), a(100): the three newest are d, b, e.
    expect(await kept(player)).toEqual(['b', 'd', 'e']);
    expect(await kept(other)).toEqual(['z']);
  });

  it('deletes nothing at or below the limit', async () => {
    const player = `player-${++sequence}`;
    await insertLogs(player, [
      [1, 'p'],
      [2, 'q'],
    ]);
    expect(await keepNewest(database().db, RETAINED.logs, player, 2)).toBe(0);
    expect(await keepNewest(database().db, RETAINED.logs, `player-${++sequence}`, 2)).toBe(0);
    expect(await kept(player)).toEqual(['p', 'q']);
  });

  it('works on screenshots (taken_at)', async () => {
    const playerId = await insertPlayer(database().db);
    for (const [id, time] of [
      ['s1', 1],
      ['s2', 2],
      ['s3', 3],
    ] as const) {
      await database()
        .db.insertInto('screenshots')
        .values({
          id,
          player_id: playerId,
          screen_id: null,
          org_id: null,
          content_type: 'image/png',
          data: Buffer.from([1]),
          taken_at: time,
        })
        .execute();
    }
    expect(await keepNewest(database().db, RETAINED.screenshots, playerId, 1)).toBe(2);
    const rows = await database()
      .db.selectFrom('screenshots')
      .select('id')
      .where('player_id', '=', playerId)
      .execute();
    expect(rows).toEqual([{ id: 's3' }]);
  });
});
