// The content player showing layouts (docs/layouts.md §Playback), driven through app/data as a screen gets it.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { PlayerLayout } from '@marquee/protocol';
import type { ContentCommands } from '../platform/playerLink';
import type { PlayerApi } from '../platform/playerApi';
import { contentConfigOf } from '../platform/runtimeConfig';
import { idleCommands } from '../platform/usePlayerLink';
import { fakeBridge } from '../testBridge';
import { ContentPlayer } from '../player/ContentPlayer';
import { image, rulesIn, schedule, storedAppData, timelineOf } from '../player/timelineTestKit';
import { browserClock } from '../player/useTimeline';

const START = Date.parse('2026-03-29T00:59:00Z'); // 00:59 GMT in London, a minute before the clocks go forward

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

function fakeApi(): PlayerApi {
  return {
    reportError: vi.fn(() => Promise.resolve()),
    log: vi.fn(() => Promise.resolve()),
    uploadScreenshot: vi.fn(() => Promise.resolve({})),
    sendDeviceRecord: vi.fn(() => Promise.resolve()),
    uploadPlays: vi.fn(() =>
      Promise.resolve({ accepted: 0, duplicates: 0, rejected: [], clockSkewMs: null }),
    ),
    signIn: () => Promise.resolve(null),
    playerId: () => Promise.resolve(null),
  };
}

function play(appData: unknown) {
  const { bridge } = fakeBridge({ getAppData: () => appData, getAuthData: () => null });
  const commands = { current: idleCommands as ContentCommands };
  render(
    <ContentPlayer
      bridge={bridge}
      api={fakeApi()}
      config={contentConfigOf(undefined, 'http://screen')}
      commands={commands}
      clock={browserClock}
    />,
  );
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await act(() => Promise.resolve());
};
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const zone = (id: string) => document.querySelector<HTMLElement>(`[data-zone="${id}"]`)!;
/** The image of `role` ('current', 'next', 'previous') in a zone. */
const imageIn = (id: string, role: string) =>
  zone(id).querySelector(`.layer[data-role="${role}"] img`)?.getAttribute('src') ?? null;

const lobby: PlayerLayout = {
  name: 'Lobby',
  background: '#102030',
  zones: [
    { id: 'left', x: 0, y: 0, width: 50, height: 90, playlistId: 'left' },
    { id: 'right', x: 50, y: 0, width: 50, height: 90, playlistId: 'right' },
    {
      id: 'clock',
      x: 70,
      y: 5,
      width: 25,
      height: 20,
      z: 5,
      app: { type: 'clock', showSeconds: true, showDate: false },
    },
    { id: 'ticker', x: 0, y: 90, width: 100, height: 10, app: { type: 'ticker', text: 'Welcome' } },
    { id: 'qr', x: 0, y: 0, width: 10, height: 10, app: { type: 'qr', url: 'https://example.com/wifi' } },
  ],
};
const playlists = {
  left: [image('a1', 5000), image('a2', 5000)],
  right: [image('b1', 8000), image('b2', 8000)],
  news: [image('news', 3000)],
};
const rules = rulesIn('Europe/London', { defaultContent: { id: 'd', name: 'Lobby', playlistId: 'lobby' } });

describe('A layout on the content player', () => {
  it('places its zones in percent of the frame, stacked by z, on its background', async () => {
    play(storedAppData(2, [], timelineOf(rules, START, playlists, { lobby })));
    await settle();
    expect(document.querySelector<HTMLElement>('[data-layout="lobby"]')?.style.background).toBe('#102030');
    expect(zone('right').style).toMatchObject({ left: '50%', top: '0%', width: '50%', height: '90%' });
    expect(zone('ticker').style).toMatchObject({ left: '0%', top: '90%', width: '100%', height: '10%' });
    // The clock has the highest z, so it is in front of the playlist zone it overlaps.
    expect(Number(zone('clock').style.zIndex)).toBeGreaterThan(Number(zone('right').style.zIndex));
    expect(zone('ticker').textContent).toContain('Welcome');
    expect(zone('qr').querySelector('svg path')).not.toBeNull();
  });

  it("shows the clock in the screen's time zone, across the spring-forward change", async () => {
    play(storedAppData(2, [], timelineOf(rules, START, playlists, { lobby })));
    await settle();
    expect(zone('clock').textContent).toBe('00:59:00');
    await advance(60_000);
    expect(zone('clock').textContent).toBe('02:00:00');
  });

  it('plays each playlist zone on its own, the next item preloaded and the outgoing one kept under the incoming', async () => {
    play(storedAppData(2, [], timelineOf(rules, START, playlists, { lobby })));
    await settle();
    expect(imageIn('left', 'current')).toBe('http://screen/media/a1');
    expect(imageIn('left', 'next')).toBe('http://screen/media/a2');
    expect(imageIn('right', 'current')).toBe('http://screen/media/b1');
    expect(imageIn('right', 'next')).toBe('http://screen/media/b2');

    await advance(5000);
    expect(imageIn('left', 'current')).toBe('http://screen/media/a2');
    // The incoming layer fades in over the outgoing one, which stays: never a blank frame between them.
    expect(imageIn('left', 'previous')).toBe('http://screen/media/a1');
    expect(imageIn('right', 'current')).toBe('http://screen/media/b1');

    await advance(3000);
    expect(imageIn('right', 'current')).toBe('http://screen/media/b2');
    expect(imageIn('right', 'previous')).toBe('http://screen/media/b1');
    expect(imageIn('left', 'current')).toBe('http://screen/media/a2');
  });

  it('takes turns with tied schedules: the playlist, then the layout for its duration, then the playlist again', async () => {
    const tied = rulesIn('Europe/London', {
      schedules: [
        schedule({ id: 'a-news', playlistId: 'news' }),
        schedule({ id: 'b-lobby', playlistId: 'lobby' }),
      ],
    });
    const timed = { ...lobby, durationMs: 10_000 };
    play(storedAppData(2, [], timelineOf(tied, START, playlists, { lobby: timed })));
    await settle();
    const current = () => document.querySelector('.stage > .layer.is-current');
    expect(current()?.getAttribute('data-turn')).toBe('items');
    expect(current()?.querySelector('img')?.getAttribute('src')).toBe('http://screen/media/news');
    await advance(3000);
    expect(current()?.getAttribute('data-turn')).toBe('layout');
    // The playlist stays under the incoming layout while it fades in, then leaves.
    expect(document.querySelector('.stage > .layer.is-previous')?.getAttribute('data-turn')).toBe('items');
    await advance(1000);
    expect(document.querySelector('.stage > .layer.is-previous')).toBeNull();
    await advance(9000);
    expect(current()?.getAttribute('data-turn')).toBe('items');
    // The layout fades out under the incoming playlist.
    expect(document.querySelector('.stage > .layer.is-previous')?.getAttribute('data-turn')).toBe('layout');
  });
});
