// docs/layouts.md §The player's form, docs/schedules.md §Propagation: every kind of change touching a layout gives
// exactly the screens showing it a new app/data version whose timeline carries the layout (player form) and its
// zones' playlists; renaming a screen rewrites its app/data screen (for apps' getContext()) and no other screen's.
// On both engines.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerTimelineSchema } from '@marquee/timeline';
import { AppDataScreenSchema, restoreArrays, type RealtimeValue } from '@marquee/protocol';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import {
  pairedScreen,
  playerDoc,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from '../../test/harness/management';

describe.each(['sqlite', 'postgres'] as const)('layout propagation (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let operator: TestOperator;
  let api: Api;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null });
    operator = await signUpOperator(test.app, 'Layout Org');
    api = operatorApi(test.app, operator);
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const appData = async (screen: PairedScreen) => {
    const doc = restoreArrays((await playerDoc(test.app, screen.player.id)) as RealtimeValue) as {
      app: { data: { version: number; timeline: unknown; screen: unknown } };
    };
    const { version, timeline, screen: own } = doc.app.data;
    return {
      version,
      timeline: PlayerTimelineSchema.parse(timeline),
      screen: AppDataScreenSchema.parse(own),
    };
  };
  async function versionsAfter(screens: PairedScreen[], change: () => Promise<unknown>): Promise<boolean[]> {
    const before = await Promise.all(screens.map(async (screen) => (await appData(screen)).version));
    await change();
    const after = await Promise.all(screens.map(async (screen) => (await appData(screen)).version));
    return after.map((version, index) => version > before[index]!);
  }
  const playlist = async (name: string, src: string) =>
    (await ok(api('POST', '/playlists', { name, items: [{ src, durationMs: 5000 }] }))).id as string;
  const layout = async (name: string, playlistId: string) =>
    (
      await ok(
        api('POST', '/layouts', {
          name,
          zones: [
            { id: 'main', x: 0, y: 0, width: 70, height: 100, content: { playlistId } },
            { id: 'clock', x: 70, y: 0, width: 30, height: 50, z: 5, content: { app: { type: 'clock' } } },
            {
              id: 'news',
              x: 70,
              y: 50,
              width: 30,
              height: 50,
              content: { app: { type: 'feed', url: 'https://news.example.com/rss' } },
            },
            {
              id: 'app',
              x: 0,
              y: 90,
              width: 10,
              height: 10,
              content: { app: { type: 'html', url: 'https://apps.example.com/a', config: { room: 'B2' } } },
            },
          ],
        }),
      )
    ).id as string;

  it('default content set to a layout, the layout edited and its zone playlist edited reach exactly its screen', async () => {
    const [a, b] = [await pairedScreen(test.app, operator, 'A'), await pairedScreen(test.app, operator, 'B')];
    const menu = await playlist('Menu', 'https://example.com/menu');
    const board = await layout('Board', menu);

    expect(
      await versionsAfter([a, b], () =>
        ok(api('PATCH', `/screens/${a.screenId}`, { content: { layoutId: board } })),
      ),
    ).toEqual([true, false]);
    const { timeline } = await appData(a);
    expect(timeline.rules.defaultContent).toMatchObject({ id: board, playlistId: board });
    const feed = await test.app.services.db.selectFrom('feeds').select('id').executeTakeFirstOrThrow();
    expect(timeline.layouts[board]).toEqual({
      name: 'Board',
      background: '#000000',
      durationMs: 60_000,
      zones: [
        { id: 'main', x: 0, y: 0, width: 70, height: 100, z: 0, playlistId: menu },
        { id: 'clock', x: 70, y: 0, width: 30, height: 50, z: 5, app: { type: 'clock' } },
        {
          id: 'news',
          x: 70,
          y: 50,
          width: 30,
          height: 50,
          z: 2,
          app: {
            type: 'feed',
            url: 'https://news.example.com/rss',
            src: `${test.app.services.config.publicUrl}/feeds/${feed.id}`,
          },
        },
        {
          id: 'app',
          x: 0,
          y: 90,
          width: 10,
          height: 10,
          z: 3,
          app: { type: 'html', url: 'https://apps.example.com/a', config: '{"room":"B2"}' },
        },
      ],
    });
    expect(timeline.playlists[menu]?.items).toEqual([
      { type: 'url', src: 'https://example.com/menu', durationMs: 5000 },
    ]);
    expect((await ok(api('GET', `/screens/${a.screenId}`))).defaultLayoutId).toBe(board);
    expect((await ok(api('GET', `/layouts/${board}`))).usedBy.screens).toEqual([
      { id: a.screenId, name: 'A' },
    ]);

    expect(
      await versionsAfter([a, b], () => ok(api('PATCH', `/layouts/${board}`, { background: '#112233' }))),
    ).toEqual([true, false]);
    expect((await appData(a)).timeline.layouts[board]?.background).toBe('#112233');

    const items = [{ src: 'https://example.com/menu2', durationMs: 5000 }];
    expect(await versionsAfter([a, b], () => ok(api('PATCH', `/playlists/${menu}`, { items })))).toEqual([
      true,
      false,
    ]);
    expect((await appData(a)).timeline.playlists[menu]?.items[0]?.src).toBe('https://example.com/menu2');

    // Back to a playlist: the layout leaves the timeline.
    await ok(api('PATCH', `/screens/${a.screenId}`, { playlistId: menu }));
    expect((await appData(a)).timeline.layouts).toEqual({});
    expect((await ok(api('GET', `/screens/${a.screenId}`))).defaultLayoutId).toBeNull();
  });

  it('a schedule and an override of a layout reach exactly their screens', async () => {
    const [a, b] = [await pairedScreen(test.app, operator, 'C'), await pairedScreen(test.app, operator, 'D')];
    const board = await layout('Lunch board', await playlist('Lunch', 'https://example.com/lunch'));
    let scheduleId = '';
    expect(
      await versionsAfter([a, b], async () => {
        scheduleId = (
          await ok(
            api('POST', '/schedules', {
              name: 'Lunch',
              layoutId: board,
              targets: { screenIds: [a.screenId] },
              priority: 10,
              startsOn: new Date(test.clock()).toISOString().slice(0, 10),
            }),
          )
        ).id;
      }),
    ).toEqual([true, false]);
    const { timeline } = await appData(a);
    expect(timeline.rules.schedules[0]).toMatchObject({ id: scheduleId, playlistId: board });
    expect(timeline.segments[0]?.playlistIds).toEqual([board]);
    expect(timeline.layouts[board]?.name).toBe('Lunch board');

    let overrideId = '';
    expect(
      await versionsAfter([a, b], async () => {
        overrideId = (
          await ok(
            api('POST', '/overrides', {
              name: 'Event',
              layoutId: board,
              targets: { screenIds: [b.screenId] },
              expiresAt: test.clock() + 60 * 60 * 1000,
            }),
          )
        ).id;
      }),
    ).toEqual([false, true]);
    const forB = (await appData(b)).timeline;
    expect(forB.segments[0]).toMatchObject({ source: { kind: 'override' }, playlistIds: [board] });
    expect(forB.layouts[board]?.name).toBe('Lunch board');

    expect(await versionsAfter([a, b], () => ok(api('DELETE', `/overrides/${overrideId}`)))).toEqual([
      false,
      true,
    ]);
    expect(await versionsAfter([a, b], () => ok(api('DELETE', `/schedules/${scheduleId}`)))).toEqual([
      true,
      false,
    ]);
  });

  it('renaming or retagging a screen rewrites its app/data screen, and only its own', async () => {
    const [a, b] = [await pairedScreen(test.app, operator, 'E'), await pairedScreen(test.app, operator, 'F')];
    expect((await appData(a)).screen).toEqual({ id: a.screenId, name: 'E' });
    expect(
      await versionsAfter([a, b], () => ok(api('PATCH', `/screens/${a.screenId}`, { name: 'Lobby' }))),
    ).toEqual([true, false]);
    expect((await appData(a)).screen).toEqual({ id: a.screenId, name: 'Lobby' });
    expect(
      await versionsAfter([a, b], () =>
        ok(api('PATCH', `/screens/${b.screenId}`, { tags: ['west', 'lobby'] })),
      ),
    ).toEqual([false, true]);
    expect((await appData(b)).screen).toEqual({ id: b.screenId, name: 'F', tags: ['lobby', 'west'] });
    // Saving the same name again changes nothing.
    expect(
      await versionsAfter([a, b], () => ok(api('PATCH', `/screens/${a.screenId}`, { name: 'Lobby' }))),
    ).toEqual([false, false]);
  });
});
