// A screen that reloads without network still follows its schedule: the realtime client's offline copy
// (docs/protocols/realtime.md §Offline copy) keeps app/data whole, timeline included, and getAppData hands it to
// the content frame (docs/player.md §Schedules), so a persisted override stays on screen until it expires.

import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStorage, useRealtimeValue } from '@marquee/player-core';
import { restoreArrays } from '@marquee/protocol';
import {
  LOCAL_CACHE_PREFIX,
  createDatabase,
  goOffline,
  type Database,
  type WebSocketConstructor,
} from '@marquee/realtime';
import { testSession } from '../session/testSession';
import { frameApi } from './useFrameBridge';

afterEach(cleanup);

/** A network that is down: sockets never open, REST reads fail. */
class NoNetwork {
  send() {}
  close() {}
  addEventListener() {}
}

const HOUR = 3_600_000;
const generatedAt = Date.parse('2026-06-01T00:00:00Z');

/** app/data as the store keeps it, with a timeline of a busy screen: many schedules, big playlists. */
function busyAppData() {
  const schedules = Array.from({ length: 200 }, (_, i) => ({
    id: `sched-${i}`,
    name: `Daypart ${i}`,
    playlistId: `pl-${i % 20}`,
    priority: i % 100,
    startsOn: '2026-01-01',
    from: '06:00',
    to: '11:00',
    days: { 0: 'mon', 1: 'wed' },
  }));
  const playlists = Object.fromEntries(
    Array.from({ length: 20 }, (_, p) => [
      `pl-${p}`,
      {
        name: `Playlist ${p}`,
        items: Object.fromEntries(
          Array.from({ length: 100 }, (_, i) => [
            i,
            {
              type: 'image',
              src: `https://signage.example.com/media/${'m'.repeat(24)}${p}-${i}?v=9f2c4e1a0b3d5c6e`,
              durationMs: 10_000,
            },
          ]),
        ),
      },
    ]),
  );
  const segments = Object.fromEntries(
    Array.from({ length: 96 }, (_, i) => [
      i,
      {
        start: generatedAt + i * HOUR,
        end: generatedAt + (i + 1) * HOUR,
        source: { kind: 'schedule', id: `sched-${i % 200}`, name: `Daypart ${i}` },
        playlistIds: { 0: `pl-${i % 20}` },
        reason: `Priority ${i % 100} beats 'Lunch' (5)`,
      },
    ]),
  );
  return {
    version: 12,
    items: { 0: { type: 'image', src: 'https://signage.example.com/media/default', durationMs: 10_000 } },
    timeline: {
      timezone: 'Europe/London',
      generatedAt,
      horizonEnd: generatedAt + 96 * HOUR,
      playlists,
      rules: {
        timezone: 'Europe/London',
        schedules: Object.fromEntries(schedules.map((rule, i) => [i, rule])),
        overrides: {
          0: { id: 'o1', name: 'Fire', message: 'Leave now', startsAt: 1, expiresAt: generatedAt + HOUR },
        },
      },
      segments,
    },
  };
}

describe('app/data offline', () => {
  let db: Database | null = null;
  afterEach(() => db?.close());

  it('is read back from the offline copy after a reload, timeline and override included, and given to the frame', async () => {
    const appData = busyAppData();
    const text = JSON.stringify(appData);
    // A busy screen's timeline fits the copy's bound (1,048,576 characters for every path together) with room.
    expect(text.length).toBeLessThan(1_048_576 / 2);
    const storage = new MemoryStorage();
    storage.setItem(`${LOCAL_CACHE_PREFIX}players/p1/app/data`, `${generatedAt}:${text}`);
    db = createDatabase({
      url: 'ws://offline.test/realtime',
      restUrl: 'http://offline.test',
      getToken: async () => null,
      storage,
      WebSocketImpl: NoNetwork as unknown as WebSocketConstructor,
      fetchImpl: () => Promise.reject(new TypeError('Failed to fetch')),
      logger: { warn() {}, error() {} },
    });
    goOffline(db);
    const { session } = testSession();
    const { result } = renderHook(() =>
      useRealtimeValue({ db: db!, playerId: 'p1', logger: session.logger }, 'app/data'),
    );
    // Read back as the client hands values out: index-keyed objects are arrays again.
    const expected = restoreArrays(appData);
    await waitFor(() => expect(result.current).toEqual(expected));
    const api = frameApi(
      session,
      () => ({ pairingCode: null, appData: result.current, getDeviceRecord: () => null }),
      [],
    );
    expect((api.getAppData as () => unknown)()).toEqual(expected);
  });
});
