// Plays recorded under a timeline: each says which playlist and which schedule or override put it on screen, and a
// switch at a boundary interrupts the item on screen. Fake time from 05:58 in London; the buffer is a list.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { PlayRecord } from '@marquee/protocol';
import type { ContentCommands } from '../platform/playerLink';
import { contentConfigOf } from '../platform/runtimeConfig';
import { idleCommands } from '../platform/usePlayerLink';
import { ContentPlayer } from '../player/ContentPlayer';
import { image, override, rulesIn, schedule, storedAppData, timelineOf } from '../player/timelineTestKit';
import { browserClock } from '../player/useTimeline';
import { fakeBridge } from '../testBridge';
import { PlayRecorder } from './playRecorder';
import { quietApi, testId } from './playTestKit';

const START = Date.parse('2026-06-01T04:58:00Z'); // 05:58 in London
const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
    now: START,
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('recording plays under a timeline', () => {
  it('names the playlist and the schedule or override of each play, and interrupts at a switch', async () => {
    const rules = rulesIn('Europe/London', {
      defaultContent: { id: 'd', name: 'Default', playlistId: 'house' },
      schedules: [schedule({ id: 'breakfast', playlistId: 'menu', from: '06:00', to: '06:10' })],
      overrides: [
        override({
          id: 'drill',
          message: 'Fire drill',
          startsAt: START + 4 * MINUTE + 30_000,
          expiresAt: START + 6 * MINUTE,
        }),
      ],
    });
    const playlists = { house: [image('lobby', 50_000)], menu: [image('eggs', 45_000)] };
    const plays: PlayRecord[] = [];
    const recorder = new PlayRecorder({
      buffer: Promise.resolve({
        add: (record: PlayRecord) => Promise.resolve(void plays.push(record)),
        setOpen: () => Promise.resolve(),
        takeOpen: () => Promise.resolve(null),
      }),
      wall: () => Date.now(),
      monotonic: () => performance.now(),
      newId: () => testId('play'),
      onError: (error) => {
        throw error;
      },
    });
    const appData = storedAppData(3, [], timelineOf(rules, START, playlists));
    const { bridge } = fakeBridge({ getAppData: () => appData, getAuthData: () => null });
    render(
      <ContentPlayer
        bridge={bridge}
        api={quietApi}
        config={contentConfigOf(undefined, 'http://screen')}
        commands={{ current: idleCommands as ContentCommands }}
        clock={browserClock}
        plays={recorder}
      />,
    );
    for (let i = 0; i < 5; i++) await act(() => Promise.resolve());
    // In steps, so React renders what each timer changed (every boundary here falls on a step's end).
    for (let step = 0; step < (7 * MINUTE) / 5000; step++) await act(() => vi.advanceTimersByTimeAsync(5000));
    await recorder.settled();

    const summary = plays.map((play) => ({
      at: play.localStart.slice(11, 19),
      src: play.src.replace('http://screen/media/', ''),
      playlistId: play.playlistId,
      scheduleId: play.scheduleId,
      overrideId: play.overrideId,
      durationMs: play.durationMs,
      outcome: play.outcome,
    }));
    const lobby = { src: 'lobby', playlistId: 'house', scheduleId: null, overrideId: null };
    const eggs = { src: 'eggs', playlistId: 'menu', scheduleId: 'breakfast', overrideId: null };
    expect(summary).toEqual([
      { at: '05:58:00', ...lobby, durationMs: 50_000, outcome: 'completed' },
      { at: '05:58:50', ...lobby, durationMs: 50_000, outcome: 'completed' },
      { at: '05:59:40', ...lobby, durationMs: 20_000, outcome: 'interrupted' },
      { at: '06:00:00', ...eggs, durationMs: 45_000, outcome: 'completed' },
      { at: '06:00:45', ...eggs, durationMs: 45_000, outcome: 'completed' },
      { at: '06:01:30', ...eggs, durationMs: 45_000, outcome: 'completed' },
      { at: '06:02:15', ...eggs, durationMs: 15_000, outcome: 'interrupted' },
      {
        at: '06:02:30',
        src: 'message:',
        playlistId: null,
        scheduleId: null,
        overrideId: 'drill',
        durationMs: 90_000,
        outcome: 'completed',
      },
      { at: '06:04:00', ...eggs, durationMs: 45_000, outcome: 'completed' },
    ]);
    expect(
      plays.every((play) => play.localStart.endsWith('+01:00') && play.timezone === 'Europe/London'),
    ).toBe(true);
  });
});
