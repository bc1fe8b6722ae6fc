// Every kind of change that alters what a screen shows gives exactly the affected screens a new app/data version with
// the new timeline, at once; an unaffected screen keeps its version (docs/schedules.md §Propagation). On both engines.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PlayerTimelineSchema } from '@marquee/timeline';
import { restoreArrays, type RealtimeValue } from '@marquee/protocol';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import {
  SAMPLE_FILES,
  bearer,
  multipartBody,
  pairedScreen,
  playerDoc,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from '../../test/harness/management';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(['sqlite', 'postgres'] as const)('timeline propagation (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null });
    operator = await signUpOperator(test.app, 'Propagation Org');
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const api = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const response = await test.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(operator.token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode >= 400)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ id: string } & Record<string, unknown>>();
  };
  /** What the player reads at app/data: its version and its timeline, checked against the player's schema. */
  const appData = async (screen: PairedScreen) => {
    const doc = restoreArrays((await playerDoc(test.app, screen.player.id)) as RealtimeValue) as {
      app: { data: { version: number; timeline?: unknown } };
    };
    const { version, timeline } = doc.app.data;
    return { version, timeline: PlayerTimelineSchema.parse(timeline) };
  };
  const today = () => new Date(test.clock()).toISOString().slice(0, 10);
  const playlist = (name: string, src = 'https://example.com/a') =>
    api('POST', '/playlists', { name, items: [{ src, durationMs: 5000 }] });
  const schedule = (playlistId: string, targets: object, extra: object = {}) =>
    api('POST', '/schedules', {
      name: 'Lunch',
      playlistId,
      targets,
      priority: 10,
      startsOn: today(),
      ...extra,
    });

  /** Runs `change` and answers whether each screen's version rose. */
  async function versionsAfter(screens: PairedScreen[], change: () => Promise<unknown>): Promise<boolean[]> {
    const before = await Promise.all(screens.map(async (screen) => (await appData(screen)).version));
    await change();
    const after = await Promise.all(screens.map(async (screen) => (await appData(screen)).version));
    return after.map((version, index) => version > before[index]!);
  }

  it('a schedule created, changed and deleted reaches exactly its screens', async () => {
    const [a, b] = [await pairedScreen(test.app, operator, 'A'), await pairedScreen(test.app, operator, 'B')];
    const lunch = await playlist('Lunch menu');
    let id = '';
    expect(
      await versionsAfter([a, b], async () => {
        id = (await schedule(lunch.id, { screenIds: [a.screenId] })).id;
      }),
    ).toEqual([true, false]);
    const { timeline } = await appData(a);
    expect(timeline.rules.schedules.map((rule) => rule.id)).toEqual([id]);
    expect(timeline.playlists[lunch.id]?.items[0]?.src).toBe('https://example.com/a');
    // Moved to the other screen: both change (old and new targets).
    expect(
      await versionsAfter([a, b], () =>
        api('PATCH', `/schedules/${id}`, { targets: { screenIds: [b.screenId] } }),
      ),
    ).toEqual([true, true]);
    expect(await versionsAfter([a, b], () => api('DELETE', `/schedules/${id}`))).toEqual([false, true]);
  });

  it('a playlist edit reaches the screens showing it; saving the same items changes nothing', async () => {
    const [a, b] = [await pairedScreen(test.app, operator), await pairedScreen(test.app, operator)];
    const menu = await playlist('Menu');
    await schedule(menu.id, { screenIds: [a.screenId] });
    expect(
      await versionsAfter([a, b], () =>
        api('PATCH', `/playlists/${menu.id}`, { items: [{ src: 'https://example.com/b' }] }),
      ),
    ).toEqual([true, false]);
    expect((await appData(a)).timeline.playlists[menu.id]?.items[0]?.src).toBe('https://example.com/b');
    expect(
      await versionsAfter([a], () =>
        api('PATCH', `/playlists/${menu.id}`, { items: [{ src: 'https://example.com/b' }] }),
      ),
    ).toEqual([false]);
  });

  it('a replaced media file reaches the screens whose playlists contain it', async () => {
    const [a, b] = [await pairedScreen(test.app, operator), await pairedScreen(test.app, operator)];
    const upload = async (method: 'POST' | 'PUT', url: string, content: Buffer) => {
      const body = multipartBody({ content, contentType: 'image/png', filename: 'x.png' });
      const response = await test.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { ...bearer(operator.token), ...body.headers },
        payload: body.payload,
      });
      return response.json<{ id: string }>();
    };
    const file = await upload('POST', '/media', SAMPLE_FILES.png);
    const withFile = await playlist('Pictures', file.id);
    await schedule(withFile.id, { screenIds: [a.screenId] });
    const replaced = Buffer.concat([SAMPLE_FILES.png, Buffer.from('more')]);
    expect(await versionsAfter([a, b], () => upload('PUT', `/media/${file.id}`, replaced))).toEqual([
      true,
      false,
    ]);
  });

  it('a group edit reaches the screens that join or leave it; tags move screens in and out', async () => {
    const [a, b, c] = [
      await pairedScreen(test.app, operator),
      await pairedScreen(test.app, operator),
      await pairedScreen(test.app, operator),
    ];
    const group = await api('POST', '/groups', {
      name: 'Kitchen',
      screenIds: [a.screenId],
      matchTags: ['kitchen'],
    });
    await schedule((await playlist('Breakfast')).id, { groupIds: [group.id] });
    expect(
      await versionsAfter([a, b, c], () => api('PATCH', `/groups/${group.id}`, { screenIds: [b.screenId] })),
    ).toEqual([true, true, false]);
    expect(
      await versionsAfter([a, b, c], () => api('PATCH', `/screens/${c.screenId}`, { tags: ['kitchen'] })),
    ).toEqual([false, false, true]);
    expect(
      await versionsAfter([a, b, c], () =>
        api('POST', '/screens/tags', { screenIds: [c.screenId], remove: ['kitchen'] }),
      ),
    ).toEqual([false, false, true]);
  });

  it('a pinned zone, a zone the player reports, and default content reach that screen only', async () => {
    const [a, b] = [await pairedScreen(test.app, operator), await pairedScreen(test.app, operator)];
    await schedule((await playlist('Dayparts')).id, { all: true }, { from: '09:00', to: '17:00' });
    expect(
      await versionsAfter([a, b], () =>
        api('PATCH', `/screens/${a.screenId}`, { timezone: 'Europe/London' }),
      ),
    ).toEqual([true, false]);
    expect((await appData(a)).timeline.rules.timezone).toBe('Europe/London');
    const heartbeat = () =>
      test.app.inject({
        method: 'POST',
        url: `/_internal/players/${b.player.id}/heartbeat`,
        headers: bearer(b.player.auth.apiToken),
        payload: { uptime: 1, timezone: 'America/Phoenix', contentVersion: 'nine' },
      });
    expect(await versionsAfter([a, b], heartbeat)).toEqual([false, true]);
    expect((await appData(b)).timeline.rules.timezone).toBe('America/Phoenix');
    // The same zone again changes nothing.
    expect(await versionsAfter([b], heartbeat)).toEqual([false]);
    const fallback = await playlist('Fallback');
    expect(
      await versionsAfter([a, b], () => api('PATCH', `/screens/${a.screenId}`, { playlistId: fallback.id })),
    ).toEqual([true, false]);
    expect((await appData(a)).timeline.rules.defaultContent?.playlistId).toBe(fallback.id);
  });

  it('an override cuts in on its screens and clears at once', async () => {
    const [a, b] = [await pairedScreen(test.app, operator), await pairedScreen(test.app, operator)];
    let id = '';
    expect(
      await versionsAfter([a, b], async () => {
        id = (
          await api('POST', '/overrides', {
            name: 'Fire',
            message: 'Leave the building',
            targets: { screenIds: [a.screenId] },
            expiresAt: test.clock() + DAY_MS,
          })
        ).id;
      }),
    ).toEqual([true, false]);
    const { timeline } = await appData(a);
    expect(timeline.segments[0]).toMatchObject({
      source: { kind: 'override', id },
      message: 'Leave the building',
    });
    expect(await versionsAfter([a, b], () => api('DELETE', `/overrides/${id}`))).toEqual([true, false]);
  });

  it('the sweep drops a schedule whose last window ended and re-issues short timelines', async () => {
    const [a, b] = [await pairedScreen(test.app, operator), await pairedScreen(test.app, operator)];
    const ended = await schedule(
      (await playlist('One day')).id,
      { screenIds: [a.screenId] },
      { endsOn: today() },
    );
    test.clock.advance(3 * DAY_MS);
    // The ended schedule's screens are compiled again, not every screen of the organisation (b only re-issued).
    const { timelines } = test.app.services;
    const refresh = vi.spyOn(timelines, 'refresh');
    expect(await versionsAfter([a, b], () => timelines.sweep())).toEqual([true, false]);
    const compiled = refresh.mock.calls.filter(([, , options]) => options?.reissue !== true);
    refresh.mockRestore();
    expect(compiled.map(([, screens]) => [...screens])).toEqual([[a.screenId]]);
    const { timeline } = await appData(b);
    expect(timeline.horizonEnd).toBeGreaterThan(test.clock() + 72 * 60 * 60 * 1000);
    expect((await appData(a)).timeline.rules.schedules.map((rule) => rule.id)).not.toContain(ended.id);
    // (Read through the service: the operator's ID token has expired by now.)
    expect((await test.app.services.schedules.get(operator.orgId, ended.id)).ended).toBe(true);
  });
});
