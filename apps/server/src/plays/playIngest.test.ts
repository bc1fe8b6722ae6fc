// Proof-of-play ingest through the real player route on both engines (docs/proof-of-play.md §Ingest rules): a batch
// sent twice stores each play once, bad records are named while the good ones are stored, clock skew is flagged,
// and rollups land in the screen's local hours, a repeated autumn hour keeping its two offsets apart.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_MAX_DURATION_MS, PLAY_MAX_FUTURE_MS } from '@marquee/protocol';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import {
  SAMPLE_FILES,
  bearer,
  multipartBody,
  pairedScreen,
  registerPlayer,
  signUpOperator,
  type PairedScreen,
} from '../../test/harness/management';
import { play, uploadPlays } from '../../test/harness/plays';

const HOUR_MS = 60 * 60 * 1000;

describe.each(['sqlite', 'postgres'] as const)('play ingest (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let screen: PairedScreen;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null, playRetentionTimers: null });
    screen = await pairedScreen(test.app, await signUpOperator(test.app, 'Plays Org'), 'Lobby');
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const rollups = (screenId: string) =>
    test.app.services.db
      .selectFrom('play_rollups')
      .selectAll()
      .where('screen_id', '=', screenId)
      .orderBy('hour_start')
      .execute();
  const freshScreen = async () => pairedScreen(test.app, await signUpOperator(test.app, 'Zone Org'));

  it('stores a batch sent twice once, and counts the second time as duplicates', async () => {
    const target = await freshScreen();
    const now = test.clock();
    const batch = [play(now - 60_000), play(now - 50_000), play(now - 40_000)];
    const first = await uploadPlays(test.app, target.player, batch);
    expect(first).toEqual({
      status: 200,
      answer: { accepted: 3, duplicates: 0, rejected: [], clockSkewMs: null },
    });
    const again = await uploadPlays(test.app, target.player, [...batch, play(now - 30_000)]);
    expect(again.answer).toMatchObject({ accepted: 1, duplicates: 3 });
    const stored = await test.app.services.db
      .selectFrom('plays')
      .select('play_id')
      .where('screen_id', '=', target.screenId)
      .execute();
    expect(stored).toHaveLength(4);
    const [rollup] = await rollups(target.screenId);
    expect(rollup).toMatchObject({ plays: 4, duration_ms: 40_000, completed: 4 });
  });

  it('stores once a batch sent again while the first is still being written', async () => {
    const target = await freshScreen();
    const now = test.clock();
    const batch = Array.from({ length: 50 }, (_, i) => play(now - 100_000 + i * 1000));
    const answers = await Promise.all([1, 2, 3].map(() => uploadPlays(test.app, target.player, batch)));
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200]);
    expect(answers.reduce((sum, { answer }) => sum + answer.accepted, 0)).toBe(50);
    expect(answers.reduce((sum, { answer }) => sum + answer.duplicates, 0)).toBe(100);
    const [rollup] = await rollups(target.screenId);
    expect(Number(rollup!.plays)).toBe(50);
  });

  it('keeps the good records of a batch with garbage and names each bad one', async () => {
    const target = await freshScreen();
    const now = test.clock();
    const good = play(now - 10_000);
    const batch = [
      good,
      'not a record',
      { ...play(now), durationMs: PLAY_MAX_DURATION_MS + 1 },
      { ...play(now + PLAY_MAX_FUTURE_MS + 60_000) },
      { ...play(now), playId: 'x' },
      { ...play(now), outcome: 'played' },
      { ...play(now), timezone: 'Mars/Olympus' },
      { ...play(now), localStart: '2025-01-15T13:00:00+01:00', startedAt: now - HOUR_MS },
      { ...play(now), scheduleId: 's1', overrideId: 'o1' },
    ];
    const { status, answer } = await uploadPlays(test.app, target.player, batch);
    expect(status).toBe(200);
    expect(answer.accepted).toBe(1);
    expect(answer.rejected.map(({ index, field }) => [index, field])).toEqual([
      [1, 'record'],
      [2, 'durationMs'],
      [3, 'startedAt'],
      [4, 'playId'],
      [5, 'outcome'],
      [6, 'timezone'],
      [7, 'localStart'],
      [8, 'overrideId'],
    ]);
    expect(answer.rejected[1]).toMatchObject({
      list: 'plays',
      id: batch[2] && (batch[2] as { playId: string }).playId,
    });
    expect(answer.rejected[1]!.message).toMatch(/24 hours/);
    expect(answer.rejected[2]!.message).toMatch(/5 minutes/);
  });

  it('refuses a batch whose envelope is wrong with a 400 naming the field, storing nothing', async () => {
    const target = await freshScreen();
    const response = await test.app.inject({
      method: 'POST',
      url: `/_internal/players/${target.player.id}/plays`,
      headers: { authorization: `Bearer ${target.player.auth.apiToken}` },
      payload: { sentAt: 'now', plays: [play(test.clock())] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { field: 'sentAt' } });
    const tooMany = await uploadPlays(
      test.app,
      target.player,
      Array.from({ length: 501 }, () => play(test.clock())),
    );
    expect(tooMany.status).toBe(400);
    expect(await rollups(target.screenId)).toEqual([]);
  });

  it('flags clock skew on the answer and the stored rows', async () => {
    const target = await freshScreen();
    const now = test.clock();
    const { answer } = await uploadPlays(test.app, target.player, [play(now - 1000)], {
      sentAt: now - 10 * 60_000,
    });
    expect(answer.clockSkewMs).toBe(-10 * 60_000);
    const row = await test.app.services.db
      .selectFrom('plays')
      .select('clock_skew')
      .where('screen_id', '=', target.screenId)
      .executeTakeFirstOrThrow();
    expect(Number(row.clock_skew)).toBe(1);
    const close = await uploadPlays(test.app, target.player, [play(now - 2000)], { sentAt: now + 30_000 });
    expect(close.answer.clockSkewMs).toBeNull();
  });

  it('answers only the player itself, paired, with its own token', async () => {
    const unpaired = await registerPlayer(test.app);
    const refused = await uploadPlays(test.app, unpaired, [play(test.clock())]);
    expect(refused.status).toBe(409);
    const other = await test.app.inject({
      method: 'POST',
      url: `/_internal/players/${screen.player.id}/plays`,
      headers: { authorization: `Bearer ${unpaired.auth.apiToken}` },
      payload: { sentAt: test.clock(), plays: [] },
    });
    expect(other.statusCode).toBe(403);
    const none = await test.app.inject({
      method: 'POST',
      url: `/_internal/players/${screen.player.id}/plays`,
      payload: { sentAt: test.clock(), plays: [] },
    });
    expect(none.statusCode).toBe(401);
  });

  it.each([
    // The autumn change: 01:30 happens twice; each keeps its offset and its own rollup hour.
    ['Europe/London', Date.UTC(2026, 9, 25, 0, 30), ['2026-10-25T01:00+01:00', '2026-10-25T01:00+00:00']],
    ['America/New_York', Date.UTC(2026, 10, 1, 5, 30), ['2026-11-01T01:00-04:00', '2026-11-01T01:00-05:00']],
    // Phoenix keeps its offset all year: the same instants are two ordinary hours.
    ['America/Phoenix', Date.UTC(2026, 10, 1, 5, 30), ['2026-10-31T22:00-07:00', '2026-10-31T23:00-07:00']],
  ])('%s: the same wall clock hour twice lands in two rollup hours', async (timezone, firstAt, hours) => {
    test.clock.set(Date.UTC(2026, 10, 2));
    const target = await freshScreen();
    const plays = [
      play(firstAt, timezone),
      play(firstAt + HOUR_MS, timezone),
      play(firstAt + HOUR_MS + 60_000, timezone),
    ];
    expect((await uploadPlays(test.app, target.player, plays)).answer.accepted).toBe(3);
    const rows = await rollups(target.screenId);
    expect(rows.map((row) => [row.local_hour, Number(row.plays)])).toEqual([
      [hours[0], 1],
      [hours[1], 2],
    ]);
    expect(rows.map((row) => Number(row.hour_start))).toEqual([firstAt - 30 * 60_000, firstAt + 30 * 60_000]);
    const stored = await test.app.services.db
      .selectFrom('plays')
      .select('local_start')
      .where('screen_id', '=', target.screenId)
      .orderBy('started_at')
      .execute();
    expect(new Set(stored.map((row) => row.local_start.slice(-6))).size).toBe(
      timezone === 'America/Phoenix' ? 1 : 2,
    );
  });

  it('puts plays either side of local midnight on their own local dates', async () => {
    test.clock.set(Date.UTC(2026, 0, 2));
    const target = await freshScreen();
    // 23:59:50 and 00:00:05 in Tokyo (UTC+9).
    const before = Date.UTC(2025, 11, 31, 14, 59, 50);
    await uploadPlays(test.app, target.player, [
      play(before, 'Asia/Tokyo'),
      play(before + 15_000, 'Asia/Tokyo'),
    ]);
    const rows = await rollups(target.screenId);
    expect(rows.map((row) => [row.local_date, row.local_hour])).toEqual([
      ['2025-12-31', '2025-12-31T23:00+09:00'],
      ['2026-01-01', '2026-01-01T00:00+09:00'],
    ]);
  });

  it('counts folded hourly counts once, beside the plays of the same hour', async () => {
    test.clock.set(Date.UTC(2026, 5, 2));
    const target = await freshScreen();
    const hourStart = Date.UTC(2026, 5, 1, 9);
    const fold = {
      foldId: 'fold-0001',
      localHour: '2026-06-01T10:00:00+01:00',
      hourStart,
      timezone: 'Europe/London',
      src: 'https://example.com/a.png',
      name: 'A',
      count: 30,
      durationMs: 300_000,
    };
    const first = await uploadPlays(test.app, target.player, [play(hourStart + 60_000)], { folded: [fold] });
    expect(first.answer).toMatchObject({ accepted: 2, duplicates: 0 });
    const again = await uploadPlays(test.app, target.player, [], {
      folded: [fold, { ...fold, foldId: 'fold-0002', localHour: '2026-06-01T10:30:00+01:00' }],
    });
    expect(again.answer).toMatchObject({
      accepted: 0,
      duplicates: 1,
      rejected: [{ list: 'folded', index: 1, field: 'localHour' }],
    });
    const [row] = await rollups(target.screenId);
    expect(row).toMatchObject({ plays: 31, folded: 30, completed: 1 });
    expect(Number(row!.duration_ms)).toBe(310_000);
  });

  it("snapshots the library's media name, kept after the media is deleted", async () => {
    const operator = await signUpOperator(test.app, 'Library Org');
    const target = await pairedScreen(test.app, operator);
    const body = multipartBody({
      content: SAMPLE_FILES.png,
      filename: 'Summer sale.png',
      contentType: 'image/png',
    });
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { ...bearer(operator.token), ...body.headers },
      payload: body.payload,
    });
    const mediaId = uploaded.json<{ id: string }>().id;
    const src = `${test.config.publicUrl}/media/${mediaId}?v=0123456789abcdef`;
    const now = test.clock();
    await uploadPlays(test.app, target.player, [play(now - 5000, 'Europe/London', { src, name: 'img-3' })]);
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/media/${mediaId}`,
      headers: bearer(operator.token),
    });
    expect(deleted.statusCode).toBe(200);
    await uploadPlays(test.app, target.player, [play(now - 1000, 'Europe/London', { src, name: 'img-3' })]);
    const names = await test.app.services.db
      .selectFrom('plays')
      .select('name')
      .where('screen_id', '=', target.screenId)
      .orderBy('started_at')
      .execute();
    expect(names.map((row) => row.name)).toEqual(['Summer sale.png', 'img-3']);
  });
});
