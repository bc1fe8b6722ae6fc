// docs/layouts.md §API: layouts are created, read, changed and deleted through /api/v1/layouts with the defaults
// filled in; bad input is a 400 naming the field and stores nothing; what uses a layout (or a playlist a layout
// plays) cannot be deleted (409 naming it); another organisation's playlists and layouts answer as unknown. On both
// engines.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { pairedScreen, playerDoc, signUpOperator, type PairedScreen } from '../../test/harness/management';

const clock = { id: 'clock', x: 0, y: 0, width: 50, height: 20, content: { app: { type: 'clock' } } };

describe.each(['sqlite', 'postgres'] as const)('/api/v1/layouts (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let api: Api;
  let theirs: Api;
  let playlistId: string;
  let theirPlaylistId: string;
  let theirLayoutId: string;
  let screen: PairedScreen;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null });
    api = operatorApi(test.app, await signUpOperator(test.app, 'Mine'));
    const other = await signUpOperator(test.app, 'Theirs');
    theirs = operatorApi(test.app, other);
    screen = await pairedScreen(test.app, other, 'Their lobby');
    playlistId = (
      await ok(api('POST', '/playlists', { name: 'Menu', items: [{ src: 'https://example.com/m' }] }))
    ).id;
    theirPlaylistId = (await ok(theirs('POST', '/playlists', { name: 'Theirs', items: [] }))).id;
    theirLayoutId = (await ok(theirs('POST', '/layouts', { name: 'Their board', zones: [clock] }))).id;
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const feedRows = () => test.app.services.db.selectFrom('feeds').select(['org_id', 'url']).execute();

  it('creates with the defaults, reads, lists, changes and deletes a layout, auditing each change', async () => {
    const created = await ok(
      api('POST', '/layouts', {
        name: 'Menu board',
        zones: [
          { id: 'menu', name: 'Menu', x: 0, y: 0, width: 70, height: 85, content: { playlistId } },
          { ...clock, x: 70, width: 30 },
          {
            id: 'news',
            x: 0,
            y: 85,
            width: 100,
            height: 15,
            content: { app: { type: 'feed', url: 'https://news.example.com/rss' } },
          },
        ],
      }),
    );
    expect(created).toMatchObject({
      name: 'Menu board',
      aspect: 'landscape',
      background: '#000000',
      durationMs: 60_000,
      usedBy: { schedules: [], overrides: [], screens: [] },
    });
    expect(
      created.zones.map((zone: { id: string; z: number; name: string }) => [zone.id, zone.z, zone.name]),
    ).toEqual([
      ['menu', 0, 'Menu'],
      ['clock', 1, ''],
      ['news', 2, ''],
    ]);
    expect(await ok(api('GET', `/layouts/${created.id}`))).toEqual(created);
    expect((await ok(api('GET', '/layouts'))).layouts).toEqual([created]);
    // The feed is registered for the server to fetch; the playlist is now in use by the layout.
    expect((await feedRows()).map((row) => row.url)).toContain('https://news.example.com/rss');
    expect((await ok(api('GET', `/playlists/${playlistId}`))).usedBy.layouts).toEqual([
      { id: created.id, name: 'Menu board' },
    ]);
    const refused = await api('DELETE', `/playlists/${playlistId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'PLAYLIST_IN_USE' });
    expect(refused.body.error.message).toContain("layout 'Menu board'");

    const changed = await ok(
      api('PATCH', `/layouts/${created.id}`, { name: 'Clock only', aspect: 'portrait', zones: [clock] }),
    );
    expect(changed).toMatchObject({ name: 'Clock only', aspect: 'portrait', zones: [{ id: 'clock', z: 0 }] });
    // The playlist is no longer played by it.
    expect((await ok(api('GET', `/playlists/${playlistId}`))).usedBy.layouts).toEqual([]);

    expect(await ok(api('DELETE', `/layouts/${created.id}`))).toEqual({ deleted: created.id });
    expect((await api('GET', `/layouts/${created.id}`)).status).toBe(404);
    const actions = (await ok(api('GET', '/audit?limit=50'))).entries
      .filter((entry: { target: { id: string } }) => entry.target.id === created.id)
      .map((entry: { action: string }) => entry.action);
    expect(actions.sort()).toEqual(['layout.create', 'layout.delete', 'layout.update']);
  });

  it('refuses to delete a layout in use, naming the schedule and the override', async () => {
    const { id } = await ok(api('POST', '/layouts', { name: 'Lobby', zones: [clock] }));
    const schedule = await ok(
      api('POST', '/schedules', {
        name: 'Mornings',
        layoutId: id,
        targets: { all: true },
        priority: 10,
        startsOn: '2025-01-01',
      }),
    );
    expect(schedule).toMatchObject({ playlist: null, layout: { id, name: 'Lobby' } });
    const override = await ok(
      api('POST', '/overrides', {
        name: 'Event',
        layoutId: id,
        targets: { all: true },
        expiresAt: test.clock() + 60_000,
      }),
    );
    expect(override).toMatchObject({ playlist: null, layout: { id, name: 'Lobby' }, message: null });
    const answer = await api('DELETE', `/layouts/${id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'LAYOUT_IN_USE' });
    expect(answer.body.error.message).toContain("schedule 'Mornings'");
    expect(answer.body.error.message).toContain("override 'Event'");
    await ok(api('DELETE', `/schedules/${schedule.id}`));
    await ok(api('DELETE', `/overrides/${override.id}`));
    expect((await api('DELETE', `/layouts/${id}`)).status).toBe(200);
  });

  const badBodies: [string, () => object, string][] = [
    ['a zone outside the screen', () => ({ zones: [{ ...clock, x: 60 }] }), 'zones.0.width'],
    [
      '13 zones',
      () => ({ zones: Array.from({ length: 13 }, (_, index) => ({ ...clock, id: `z${index}` })) }),
      'zones',
    ],
    ['duplicate zone ids', () => ({ zones: [clock, clock] }), 'zones.1.id'],
    ['a zone of width 0', () => ({ zones: [{ ...clock, width: 0 }] }), 'zones.0.width'],
    [
      'a javascript: app URL',
      () => ({ zones: [{ ...clock, content: { app: { type: 'html', url: 'javascript:alert(1)' } } }] }),
      'zones.0.content.app.url',
    ],
    [
      'an ftp: feed URL',
      () => ({ zones: [{ ...clock, content: { app: { type: 'feed', url: 'ftp://example.com/feed' } } }] }),
      'zones.0.content.app.url',
    ],
    [
      'an html config that is not a JSON object',
      () => ({
        zones: [
          { ...clock, content: { app: { type: 'html', url: 'https://example.com/app', config: '[1]' } } },
        ],
      }),
      'zones.0.content.app.config',
    ],
    [
      'an unknown app type',
      () => ({ zones: [{ ...clock, content: { app: { type: 'weather' } } }] }),
      'zones.0.content.app.type',
    ],
    [
      'an unknown playlist',
      () => ({ zones: [clock, { ...clock, id: 'b', content: { playlistId: '01JUNKNOWNPLAYLIST0000000' } }] }),
      'zones.1.content.playlistId',
    ],
    [
      "another organisation's playlist",
      () => ({ zones: [{ ...clock, content: { playlistId: theirPlaylistId } }] }),
      'zones.0.content.playlistId',
    ],
  ];

  it.each(badBodies)('refuses %s with a 400 naming %s, storing nothing', async (_what, body, field) => {
    const existing = await ok(api('POST', '/layouts', { name: 'Kept', zones: [clock] }));
    const before = { layouts: await ok(api('GET', '/layouts')), feeds: await feedRows() };
    const created = await api('POST', '/layouts', { name: 'Bad', ...body() });
    expect(created.status, JSON.stringify(created.body)).toBe(400);
    expect(created.body.error.field).toBe(field);
    const changed = await api('PATCH', `/layouts/${existing.id}`, body());
    expect(changed.status, JSON.stringify(changed.body)).toBe(400);
    expect(changed.body.error.field).toBe(field);
    expect({ layouts: await ok(api('GET', '/layouts')), feeds: await feedRows() }).toEqual(before);
    await ok(api('DELETE', `/layouts/${existing.id}`));
  });

  it("answers another organisation's layout as one that does not exist, and changes nothing of theirs", async () => {
    const before = {
      layouts: await ok(theirs('GET', '/layouts')),
      doc: await playerDoc(test.app, screen.player.id),
    };
    expect((await api('GET', `/layouts/${theirLayoutId}`)).status).toBe(404);
    expect((await api('PATCH', `/layouts/${theirLayoutId}`, { name: 'Mine now' })).status).toBe(404);
    expect((await api('DELETE', `/layouts/${theirLayoutId}`)).status).toBe(404);
    expect(
      (await ok(api('GET', '/layouts'))).layouts.map((layout: { id: string }) => layout.id),
    ).not.toContain(theirLayoutId);
    const schedule = await api('POST', '/schedules', {
      name: 'Theirs',
      layoutId: theirLayoutId,
      targets: { all: true },
      priority: 10,
      startsOn: '2025-01-01',
    });
    expect(schedule.status).toBe(400);
    expect(schedule.body.error).toMatchObject({ code: 'UNKNOWN_LAYOUT', field: 'layoutId' });
    const override = await api('POST', '/overrides', {
      name: 'Theirs',
      layoutId: theirLayoutId,
      targets: { all: true },
      expiresAt: test.clock() + 60_000,
    });
    expect(override.body.error).toMatchObject({ code: 'UNKNOWN_LAYOUT', field: 'layoutId' });
    expect({
      layouts: await ok(theirs('GET', '/layouts')),
      doc: await playerDoc(test.app, screen.player.id),
    }).toEqual(before);
  });
});
