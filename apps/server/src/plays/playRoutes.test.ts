// GET /api/v1/plays and /api/v1/plays/summary on both engines (docs/proof-of-play.md §The API): cursor paging, the CSV
// stream's columns, summaries by item, screen, local day and hour, the filters, bad query strings named, and only
// the operator's own organisation.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayPage, PlaySummary } from '@marquee/management-api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import {
  bearer,
  pairedScreen,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from '../../test/harness/management';
import { play, uploadPlays } from '../../test/harness/plays';

const MINUTE_MS = 60_000;
const PLAYLIST = '0123456789abcdefghijklmno';
/** 2026-03-29: London springs forward at 01:00 UTC. */
const DAY = Date.UTC(2026, 2, 29);

describe.each(['sqlite', 'postgres'] as const)('plays API (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let operator: TestOperator;
  let other: TestOperator;
  let london: PairedScreen;
  let newYork: PairedScreen;
  let otherScreen: PairedScreen;

  const get = (url: string, who: TestOperator = operator) =>
    test.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(who.token) });
  const range = 'from=2026-03-28&to=2026-03-29';

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null, playRetentionTimers: null });
    test.clock.set(DAY + 24 * 60 * MINUTE_MS);
    operator = await signUpOperator(test.app, 'Reports Org');
    other = await signUpOperator(test.app, 'Other Org');
    london = await pairedScreen(test.app, operator, 'London lobby');
    newYork = await pairedScreen(test.app, operator, 'NY lobby');
    otherScreen = await pairedScreen(test.app, other, 'Other lobby');
    // London: 14 plays of A, one every 10 minutes from 23:00 UTC on the 28th (23:00 GMT) to 01:10 UTC (02:10 BST);
    // 3 of B from the playlist. New York: 5 plays of A on the 28th's afternoon.
    const londonPlays = [
      ...Array.from({ length: 14 }, (_, i) =>
        play(DAY - 60 * MINUTE_MS + i * 10 * MINUTE_MS, 'Europe/London'),
      ),
      ...[0, 1, 2].map((i) =>
        play(DAY + 3 * 60 * MINUTE_MS + i * MINUTE_MS, 'Europe/London', {
          src: 'https://example.com/b.mp4',
          name: 'B, "the video"',
          itemId: 'item-b',
          playlistId: PLAYLIST,
          durationMs: 30_000,
          outcome: i === 2 ? 'interrupted' : 'completed',
        }),
      ),
    ];
    const nyPlays = Array.from({ length: 5 }, (_, i) =>
      play(DAY - 6 * 60 * MINUTE_MS + i * MINUTE_MS, 'America/New_York'),
    );
    expect((await uploadPlays(test.app, london.player, londonPlays)).answer.accepted).toBe(17);
    expect((await uploadPlays(test.app, newYork.player, nyPlays)).answer.accepted).toBe(5);
    await uploadPlays(test.app, otherScreen.player, [play(DAY, 'Europe/London', { name: 'Secret' })]);
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  it('pages through every play once, in start order, with an opaque cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(`/plays?${range}&limit=6${cursor === null ? '' : `&cursor=${cursor}`}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<PlayPage>();
      seen.push(...page.plays.map((p) => p.startedAt));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(22);
    expect([...seen].sort()).toEqual(seen);
    const first = (await get(`/plays?${range}&limit=1`)).json<PlayPage>().plays[0];
    expect(first).toMatchObject({
      screenId: newYork.screenId,
      startedAt: '2026-03-28T18:00:00.000Z',
      localStart: '2026-03-28T14:00:00-04:00',
      timezone: 'America/New_York',
      durationMs: 10_000,
      outcome: 'completed',
      clockSkew: false,
    });
  });

  it('streams CSV with a header, UTC and local columns, quoted text', async () => {
    const response = await get(`/plays?${range}&format=csv&screenId=${london.screenId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    expect(header).toEqual(
      expect.arrayContaining([
        'play_id',
        'started_at_utc',
        'local_start',
        'timezone',
        'duration_ms',
        'outcome',
      ]),
    );
    expect(lines).toHaveLength(18);
    const column = (line: string, name: string) => line.split(',')[header.indexOf(name)];
    // The change at 01:00 UTC: 00:50 UTC is 00:50 GMT, 01:00 UTC is 02:00 BST.
    const times = lines.slice(1).map((line) => [column(line, 'started_at_utc'), column(line, 'local_start')]);
    expect(times).toContainEqual(['2026-03-29T00:50:00.000Z', '2026-03-29T00:50:00+00:00']);
    expect(times).toContainEqual(['2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00+01:00']);
    expect(response.body).toContain('"B, ""the video"""');
    expect(column(lines[1]!, 'screen_name')).toBe('London lobby');
  });

  it('summarises by item, screen, local day and hour from the rollups', async () => {
    const byItem = (await get(`/plays/summary?${range}&groupBy=item`)).json<PlaySummary>();
    expect(byItem.rows.map((row) => [row.item?.name, row.plays, row.seconds])).toEqual([
      ['A', 19, 190],
      ['B, "the video"', 3, 90],
    ]);
    expect(byItem.rows[1]).toMatchObject({ completed: 2, interrupted: 1 });
    const byScreen = (await get(`/plays/summary?${range}&groupBy=screen`)).json<PlaySummary>();
    expect(byScreen.rows.map((row) => [row.screen?.name, row.plays])).toEqual([
      ['London lobby', 17],
      ['NY lobby', 5],
    ]);
    // Days in each screen's zone: London's 23:00-23:50 GMT plays are the 28th's, New York's afternoon too.
    const byDay = (await get(`/plays/summary?${range}&groupBy=day,item`)).json<PlaySummary>();
    expect(byDay.rows.map((row) => [row.day, row.item?.name, row.plays])).toEqual([
      ['2026-03-28', 'A', 11],
      ['2026-03-29', 'A', 8],
      ['2026-03-29', 'B, "the video"', 3],
    ]);
    const byHour = (
      await get(
        `/plays/summary?from=2026-03-29T00:00:00Z&to=2026-03-29T02:00:00Z&groupBy=hour&screenId=${london.screenId}`,
      )
    ).json<PlaySummary>();
    // The spring-forward day: the hour after 00:00 GMT is 02:00 BST.
    expect(byHour.rows.map((row) => [row.hour, row.plays])).toEqual([
      ['2026-03-29T00:00+00:00', 6],
      ['2026-03-29T02:00+01:00', 2],
    ]);
  });

  it('filters by screen, group and playlist', async () => {
    const playlistOnly = (await get(`/plays?${range}&playlistId=${PLAYLIST}`)).json<PlayPage>();
    expect(playlistOnly.plays.map((p) => p.itemId)).toEqual(['item-b', 'item-b', 'item-b']);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/groups',
      headers: bearer(operator.token),
      payload: { name: 'NY', screenIds: [newYork.screenId] },
    });
    const groupId = created.json<{ id: string }>().id;
    const group = (
      await get(`/plays/summary?${range}&groupBy=screen&groupId=${groupId}`)
    ).json<PlaySummary>();
    expect(group.rows.map((row) => [row.screen?.id, row.plays])).toEqual([[newYork.screenId, 5]]);
    const summary = (await get(`/plays/summary?${range}&playlistId=${PLAYLIST}`)).json<PlaySummary>();
    expect(summary.rows.map((row) => row.plays)).toEqual([3]);
  });

  it.each([
    ['/plays', 'from'],
    ['/plays?from=2026-03-28', 'to'],
    ['/plays?from=yesterday&to=2026-03-29', 'from'],
    ['/plays?from=2026-02-30&to=2026-03-29', 'from'],
    ['/plays?from=2026-03-29&to=2026-03-28', 'to'],
    ['/plays?from=2026-03-29T10:00:00Z&to=2026-03-29T09:00:00Z', 'to'],
    [`/plays?${range}&format=xml`, 'format'],
    [`/plays?${range}&limit=0`, 'limit'],
    [`/plays?${range}&cursor=bm90LWEtY3Vyc29y`, 'cursor'],
    [`/plays?${range}&screenId=a/b`, 'screenId'],
    [`/plays?${range}&groupId=0123456789abcdefghijklmnp`, 'groupId'],
    [`/plays/summary?${range}&groupBy=week`, 'groupBy'],
    [`/plays/summary?${range}&groupBy=day,day`, 'groupBy'],
  ])('GET %s is a 400 naming %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { field: string } }>().error.field).toBe(field);
  });

  it("shows an operator only their own organisation's plays", async () => {
    const mine = (await get(`/plays?${range}&limit=1000`)).json<PlayPage>();
    expect(mine.plays.map((p) => p.screenId)).not.toContain(otherScreen.screenId);
    const theirs = (await get(`/plays?${range}&screenId=${otherScreen.screenId}`)).json<PlayPage>();
    expect(theirs.plays).toEqual([]);
    const csv = (await get(`/plays?${range}&format=csv&screenId=${otherScreen.screenId}`)).body;
    expect(csv.trimEnd().split('\r\n')).toHaveLength(1);
    const summary = (await get(`/plays/summary?${range}&groupBy=item`)).json<PlaySummary>();
    expect(summary.rows.map((row) => row.item?.name)).not.toContain('Secret');
    const ownView = (await get(`/plays/summary?${range}&groupBy=item`, other)).json<PlaySummary>();
    expect(ownView.rows.map((row) => [row.item?.name, row.plays])).toEqual([['Secret', 1]]);
    const unauthenticated = await test.app.inject({ method: 'GET', url: `/api/v1/plays?${range}` });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
