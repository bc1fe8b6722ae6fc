import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAY_UPLOAD_INTERVAL_MS, type PlayBatch } from '@marquee/protocol';
import type { PlayerApi } from '../platform/playerApi';
import { manualTimers } from './manualTimers';
import { PlayBuffer } from './playBuffer';
import type { PlayContext } from './playRecorder';
import { testId } from './playTestKit';
import { usePlayCollection } from './usePlayCollection';

afterEach(cleanup);

const context: PlayContext = {
  src: 'http://screen/media/a.png',
  name: 'a.png',
  playlistId: null,
  scheduleId: null,
  overrideId: null,
  itemId: null,
  plannedMs: 10_000,
  timezone: 'America/Phoenix',
};

function fakeApi() {
  const batches: PlayBatch[] = [];
  const api = {
    log: vi.fn(() => Promise.resolve()),
    uploadPlays: vi.fn((batch: PlayBatch) => {
      batches.push(batch);
      return Promise.resolve({
        accepted: batch.plays.length,
        duplicates: 0,
        rejected: [],
        clockSkewMs: null,
      });
    }),
  } as unknown as PlayerApi;
  return { api, batches };
}

describe('usePlayCollection', () => {
  it('records and uploads from the start, with no setting to switch it on', async () => {
    const timers = manualTimers(Date.parse('2026-07-01T09:00:00Z'));
    const { api, batches } = fakeApi();
    const clock = { wall: timers.now, monotonic: timers.now, timers };
    const { result } = renderHook(() =>
      usePlayCollection({
        api,
        clock,
        openBuffer: () => PlayBuffer.open({ factory: new IDBFactory(), newId: () => testId('fold') }),
      }),
    );
    const recorder = result.current;
    recorder.begin(context);
    await timers.advance(10_000, () => recorder.settled());
    recorder.finish();
    await recorder.settled();
    await timers.advance(PLAY_UPLOAD_INTERVAL_MS, () => vi.waitFor(() => expect(batches).toHaveLength(1)));
    expect(batches[0]!.plays).toMatchObject([
      { src: 'http://screen/media/a.png', localStart: '2026-07-01T02:00:00-07:00', outcome: 'completed' },
    ]);
  });

  it('plays on without recording where IndexedDB is refused, and says so once', async () => {
    const { api } = fakeApi();
    const timers = manualTimers(0);
    const { result } = renderHook(() =>
      usePlayCollection({
        api,
        clock: { wall: timers.now, monotonic: timers.now, timers },
        openBuffer: () => Promise.reject(new Error('IndexedDB refused')),
      }),
    );
    for (let i = 0; i < 3; i++) result.current.begin(context);
    result.current.finish();
    await result.current.settled();
    expect(api.log).toHaveBeenCalledTimes(1);
    expect(api.log).toHaveBeenCalledWith('warn', 'Proof of play: Error: IndexedDB refused');
  });
});
