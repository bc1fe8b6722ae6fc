// docs/schedules.md §API, docs/management-api.md §Schedules and content library: bad input to the schedule, override,
// playlist, group and screen routes is a 400 naming the field and stores nothing (every list and every screen's
// version as before); deleting what is in use is a 409 naming who uses it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import {
  pairedScreen,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from '../../test/harness/management';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('schedules, overrides and the library refuse bad input', () => {
  let test: TestApp;
  let api: Api;
  let operator: TestOperator;
  let screen: PairedScreen;
  let playlistId: string;
  let scheduleId: string;
  let foreign: { screenId: string; groupId: string; playlistId: string };

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null });
    operator = await signUpOperator(test.app, 'Mine');
    const other = await signUpOperator(test.app, 'Theirs');
    api = operatorApi(test.app, operator);
    const theirs = operatorApi(test.app, other);
    screen = await pairedScreen(test.app, operator, 'Kitchen');
    const theirScreen = await pairedScreen(test.app, other, 'Their kitchen');
    playlistId = (
      await ok(api('POST', '/playlists', { name: 'Menu', items: [{ src: 'https://example.com/m' }] }))
    ).id;
    scheduleId = (
      await ok(
        api('POST', '/schedules', {
          name: 'Lunch',
          playlistId,
          targets: { screenIds: [screen.screenId] },
          priority: 10,
          startsOn: '2025-01-01',
        }),
      )
    ).id;
    foreign = {
      screenId: theirScreen.screenId,
      groupId: (await ok(theirs('POST', '/groups', { name: 'Theirs', screenIds: [theirScreen.screenId] })))
        .id,
      playlistId: (await ok(theirs('POST', '/playlists', { name: 'Theirs', items: [] }))).id,
    };
  });
  afterAll(async () => {
    await test.close();
  });

  /** Everything a refused call must leave as it was, read through the API. */
  const state = async () => ({
    playlists: (await ok(api('GET', '/playlists'))).playlists,
    groups: (await ok(api('GET', '/groups'))).groups,
    schedules: (await ok(api('GET', '/schedules'))).schedules,
    overrides: (await ok(api('GET', '/overrides'))).overrides,
    screen: await ok(api('GET', `/screens/${screen.screenId}`)),
  });

  const schedule = (extra: object) => ({
    name: 'Breakfast',
    playlistId,
    targets: { screenIds: [screen.screenId] },
    priority: 20,
    startsOn: '2026-03-01',
    ...extra,
  });

  const cases: [string, () => [method: 'POST' | 'PATCH', url: string, payload: object], string][] = [
    [
      'an unknown zone',
      () => ['POST', '/schedules', schedule({ timezone: 'Mars/Olympus_Mons' })],
      'timezone',
    ],
    ['a day that is none', () => ['POST', '/schedules', schedule({ days: ['mon', 'funday'] })], 'days.1'],
    ['no days at all', () => ['POST', '/schedules', schedule({ days: [] })], 'days'],
    ['an impossible date', () => ['POST', '/schedules', schedule({ startsOn: '2026-02-30' })], 'startsOn'],
    ['an end before the start', () => ['POST', '/schedules', schedule({ endsOn: '2026-02-28' })], 'endsOn'],
    [
      'a from that is not HH:MM',
      () => ['POST', '/schedules', schedule({ from: '9:00', to: '17:00' })],
      'from',
    ],
    ['a to past 23:59', () => ['POST', '/schedules', schedule({ from: '09:00', to: '24:30' })], 'to'],
    ['a from without a to', () => ['POST', '/schedules', schedule({ from: '09:00' })], 'to'],
    ['a priority over 99', () => ['POST', '/schedules', schedule({ priority: 100 })], 'priority'],
    ['a negative priority', () => ['POST', '/schedules', schedule({ priority: -1 })], 'priority'],
    [
      "another organisation's screen",
      () => ['POST', '/schedules', schedule({ targets: { screenIds: [screen.screenId, foreign.screenId] } })],
      'targets.screenIds.1',
    ],
    [
      "another organisation's group",
      () => ['POST', '/schedules', schedule({ targets: { groupIds: [foreign.groupId] } })],
      'targets.groupIds.0',
    ],
    [
      "another organisation's playlist",
      () => ['POST', '/schedules', schedule({ playlistId: foreign.playlistId })],
      'playlistId',
    ],
    ['no targets', () => ['POST', '/schedules', schedule({ targets: {} })], 'targets'],
    [
      'a validation of a schedule with an impossible date',
      () => ['POST', '/schedules/validate', schedule({ endsOn: '2026-13-01' })],
      'endsOn',
    ],
    [
      'a change to an unknown zone',
      () => ['PATCH', `/schedules/${scheduleId}`, { timezone: 'Nowhere' }],
      'timezone',
    ],
    [
      'a change that ends before it starts',
      () => ['PATCH', `/schedules/${scheduleId}`, { endsOn: '2024-12-31' }],
      'endsOn',
    ],
    [
      "a change to another organisation's playlist",
      () => ['PATCH', `/schedules/${scheduleId}`, { playlistId: foreign.playlistId }],
      'playlistId',
    ],
    [
      'an override that expired',
      () => [
        'POST',
        '/overrides',
        { name: 'Fire', message: 'Leave', targets: { all: true }, expiresAt: test.clock() - 1000 },
      ],
      'expiresAt',
    ],
    [
      'an override over 7 days',
      () => [
        'POST',
        '/overrides',
        {
          name: 'Fire',
          message: 'Leave',
          targets: { all: true },
          expiresAt: test.clock() + 7 * DAY_MS + 60_000,
        },
      ],
      'expiresAt',
    ],
    [
      "an override on another organisation's screen",
      () => [
        'POST',
        '/overrides',
        {
          name: 'Fire',
          message: 'Leave',
          targets: { screenIds: [foreign.screenId] },
          expiresAt: test.clock() + DAY_MS,
        },
      ],
      'targets.screenIds.0',
    ],
    [
      "an override with another organisation's playlist",
      () => [
        'POST',
        '/overrides',
        {
          name: 'Fire',
          playlistId: foreign.playlistId,
          targets: { all: true },
          expiresAt: test.clock() + DAY_MS,
        },
      ],
      'playlistId',
    ],
    [
      'an override with both a playlist and a message',
      () => [
        'POST',
        '/overrides',
        {
          name: 'Fire',
          playlistId,
          message: 'Leave',
          targets: { all: true },
          expiresAt: test.clock() + DAY_MS,
        },
      ],
      'message',
    ],
    [
      'a playlist item that is no URL',
      () => [
        'POST',
        '/playlists',
        { name: 'Bad', items: [{ src: 'https://example.com/a' }, { src: 'nope' }] },
      ],
      'items.1.src',
    ],
    [
      "a group listing another organisation's screen",
      () => ['POST', '/groups', { name: 'Mixed', screenIds: [foreign.screenId] }],
      'screenIds.0',
    ],
    [
      'a screen given a playlist and content at once',
      () => ['PATCH', `/screens/${screen.screenId}`, { playlistId, content: 'https://example.com/x' }],
      'playlistId',
    ],
    [
      "a screen given another organisation's playlist",
      () => ['PATCH', `/screens/${screen.screenId}`, { playlistId: foreign.playlistId }],
      'playlistId',
    ],
    [
      'a screen pinned to an unknown zone',
      () => ['PATCH', `/screens/${screen.screenId}`, { timezone: 'Utopia' }],
      'timezone',
    ],
    [
      'a screen given 21 tags',
      () => [
        'PATCH',
        `/screens/${screen.screenId}`,
        { tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) },
      ],
      'tags',
    ],
    [
      'a tag that is not a lower-case word',
      () => ['PATCH', `/screens/${screen.screenId}`, { tags: ['kitchen', 'Front Door'] }],
      'tags.1',
    ],
  ];

  it.each(cases)('%s: 400 naming the field, nothing stored', async (_name, call, field) => {
    const before = await state();
    const [method, url, payload] = call();
    const answer = await api(method, url, payload);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error.field).toBe(field);
    expect(await state()).toEqual(before);
  });

  it('bulk tagging that would take one screen past 20 tags is a 400 naming add; no screen changes', async () => {
    const full = await pairedScreen(test.app, operator, 'Full');
    const nineteen = Array.from({ length: 19 }, (_, i) => `tag${i}`);
    await ok(api('PATCH', `/screens/${full.screenId}`, { tags: nineteen }));
    const tagsOf = async () =>
      Promise.all(
        [screen, full].map(async (target) => (await ok(api('GET', `/screens/${target.screenId}`))).tags),
      );
    const before = await tagsOf();
    const answer = await api('POST', '/screens/tags', {
      screenIds: [screen.screenId, full.screenId],
      add: ['lobby', 'ground'],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'TOO_MANY_TAGS', field: 'add' });
    expect(answer.body.error.message).toContain("'Full'");
    expect(await tagsOf()).toEqual(before);
    // Removing one in the same call makes room.
    await ok(
      api('POST', '/screens/tags', {
        screenIds: [screen.screenId, full.screenId],
        add: ['lobby', 'ground'],
        remove: ['tag0'],
      }),
    );
    expect((await tagsOf())[1]).toHaveLength(20);
  });

  it('deleting a group a schedule targets is a 409 naming the schedule; nothing is deleted', async () => {
    const group = await ok(api('POST', '/groups', { name: 'Kitchens', matchTags: ['kitchen'] }));
    const breakfast = await ok(api('POST', '/schedules', schedule({ targets: { groupIds: [group.id] } })));
    const answer = await api('DELETE', `/groups/${group.id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('GROUP_IN_USE');
    expect(answer.body.error.message).toContain("'Breakfast'");
    expect(answer.body.error.schedules).toEqual([{ id: breakfast.id, name: 'Breakfast' }]);
    expect((await api('GET', `/groups/${group.id}`)).status).toBe(200);
    // Once nothing targets it, it goes.
    await ok(api('DELETE', `/schedules/${breakfast.id}`));
    expect((await api('DELETE', `/groups/${group.id}`)).status).toBe(200);
  });

  it('deleting a playlist in use is a 409 naming the schedules and screens; nothing is deleted', async () => {
    const menu = await ok(
      api('POST', '/playlists', { name: 'Dinner', items: [{ src: 'https://example.com/d' }] }),
    );
    const dinner = await ok(api('POST', '/schedules', schedule({ name: 'Dinner', playlistId: menu.id })));
    await ok(api('PATCH', `/screens/${screen.screenId}`, { playlistId: menu.id }));
    const answer = await api('DELETE', `/playlists/${menu.id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('PLAYLIST_IN_USE');
    expect(answer.body.error.message).toContain("schedule 'Dinner'");
    expect(answer.body.error.message).toContain("screen 'Kitchen'");
    expect(answer.body.error.schedules).toEqual([{ id: dinner.id, name: 'Dinner' }]);
    expect(answer.body.error.screens).toEqual([{ id: screen.screenId, name: 'Kitchen' }]);
    expect((await api('GET', `/playlists/${menu.id}`)).status).toBe(200);
    await ok(api('PATCH', `/screens/${screen.screenId}`, { playlistId: null }));
    await ok(api('DELETE', `/schedules/${dinner.id}`));
    expect((await api('DELETE', `/playlists/${menu.id}`)).status).toBe(200);
  });
});
