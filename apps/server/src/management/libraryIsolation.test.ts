// docs/security.md §Operators, docs/schedules.md §API: another organisation's playlists, groups, schedules,
// overrides and screen timelines answer as if they did not exist (404, never listed), and nothing of theirs
// changes, whatever operator A tries.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorApi, ok, type Api, type Method } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { pairedScreen, playerDoc, signUpOperator, type PairedScreen } from '../../test/harness/management';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('organisation isolation of the content library and schedules', () => {
  let test: TestApp;
  let mine: Api;
  let theirs: Api;
  let theirScreen: PairedScreen;
  const their: Record<'playlist' | 'group' | 'schedule' | 'override', string> = {
    playlist: '',
    group: '',
    schedule: '',
    override: '',
  };

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null });
    const a = await signUpOperator(test.app, 'Org A');
    const b = await signUpOperator(test.app, 'Org B');
    mine = operatorApi(test.app, a);
    theirs = operatorApi(test.app, b);
    await pairedScreen(test.app, a, 'A screen');
    theirScreen = await pairedScreen(test.app, b, 'B screen');
    their.playlist = (await ok(theirs('POST', '/playlists', { name: 'B menu', items: [] }))).id;
    their.group = (
      await ok(theirs('POST', '/groups', { name: 'B group', screenIds: [theirScreen.screenId] }))
    ).id;
    their.schedule = (
      await ok(
        theirs('POST', '/schedules', {
          name: 'B lunch',
          playlistId: their.playlist,
          targets: { groupIds: [their.group] },
          priority: 10,
          startsOn: '2025-01-01',
        }),
      )
    ).id;
    their.override = (
      await ok(
        theirs('POST', '/overrides', {
          name: 'B fire',
          message: 'Leave',
          targets: { all: true },
          expiresAt: test.clock() + DAY_MS,
        }),
      )
    ).id;
  });
  afterAll(async () => {
    await test.close();
  });

  /** Everything of B's, as B reads it, and its player's document. */
  const snapshotOfB = async () => ({
    playlists: await ok(theirs('GET', '/playlists')),
    groups: await ok(theirs('GET', '/groups')),
    schedules: await ok(theirs('GET', '/schedules')),
    overrides: await ok(theirs('GET', '/overrides')),
    screen: await ok(theirs('GET', `/screens/${theirScreen.screenId}`)),
    doc: await playerDoc(test.app, theirScreen.player.id),
  });

  const attempts: [Method, () => string, object?][] = [
    ['GET', () => `/playlists/${their.playlist}`],
    ['PATCH', () => `/playlists/${their.playlist}`, { name: 'Mine now' }],
    ['DELETE', () => `/playlists/${their.playlist}`],
    ['GET', () => `/groups/${their.group}`],
    ['PATCH', () => `/groups/${their.group}`, { matchTags: ['lobby'] }],
    ['DELETE', () => `/groups/${their.group}`],
    ['GET', () => `/schedules/${their.schedule}`],
    ['PATCH', () => `/schedules/${their.schedule}`, { priority: 99 }],
    ['DELETE', () => `/schedules/${their.schedule}`],
    ['DELETE', () => `/overrides/${their.override}`],
    ['GET', () => `/screens/${theirScreen.screenId}/timeline`],
  ];

  it.each(attempts)('%s %s: 404, as for an id that does not exist', async (method, url, payload) => {
    const before = await snapshotOfB();
    const answer = await mine(method, url(), payload);
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect(await snapshotOfB()).toEqual(before);
  });

  it("lists show none of B's", async () => {
    expect((await ok(mine('GET', '/playlists'))).playlists).toEqual([]);
    expect((await ok(mine('GET', '/groups'))).groups).toEqual([]);
    expect((await ok(mine('GET', '/schedules'))).schedules).toEqual([]);
    expect((await ok(mine('GET', '/overrides'))).overrides).toEqual([]);
    const screens = (await ok(mine('GET', `/screens?groupId=${their.group}`))).screens;
    expect(screens).toEqual([]);
  });

  it("B's override for all of its screens reaches none of A's", async () => {
    const [screen] = (await ok(mine('GET', '/screens'))).screens;
    expect(screen.timeline.current.kind).not.toBe('override');
    const segments = (await ok(mine('GET', `/screens/${screen.id}/timeline`))).segments;
    expect(segments.map((segment: { source: { kind: string } }) => segment.source.kind)).not.toContain(
      'override',
    );
  });
});
