// The content player on screen with a timeline (docs/schedules.md §Player behaviour): it switches at boundaries
// by its own clock, plays tied schedules one after another, shows an override's message and the idle screen,
// and offline skips what the media cache does not hold.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ContentCommands } from '../platform/playerLink';
import type { PlayerApi } from '../platform/playerApi';
import { contentConfigOf } from '../platform/runtimeConfig';
import { idleCommands } from '../platform/usePlayerLink';
import { fakeBridge } from '../testBridge';
import { ContentPlayer } from './ContentPlayer';
import { MEDIA_CACHE_NAME } from './mediaCache';
import { HOUR, image, override, rulesIn, schedule, storedAppData, timelineOf } from './timelineTestKit';
import { browserClock } from './useTimeline';

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
  vi.unstubAllGlobals();
  setOnline(true);
});

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

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

const config = contentConfigOf(undefined, 'http://screen');

function play(appData: unknown) {
  const { bridge } = fakeBridge({ getAppData: () => appData, getAuthData: () => null });
  const api = fakeApi();
  const commands = { current: idleCommands as ContentCommands };
  render(
    <ContentPlayer bridge={bridge} api={api} config={config} commands={commands} clock={browserClock} />,
  );
  return { api, commands, bridge };
}

const shown = () => document.querySelector('.layer.is-current img')?.getAttribute('src') ?? null;
const settle = async () => {
  for (let i = 0; i < 5; i++) await act(() => Promise.resolve());
};
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const london = rulesIn('Europe/London', {
  defaultContent: { id: 'd', name: 'Default', playlistId: 'default' },
  schedules: [schedule({ id: 'breakfast', playlistId: 'menu', from: '06:00', to: '06:10' })],
});
const playlists = { default: [image('lobby', 60_000)], menu: [image('eggs', 60_000)] };

describe('ContentPlayer with a timeline', () => {
  it("switches to a window's playlist at its start and back at its end, by the device's clock", async () => {
    const { commands } = play(storedAppData(4, playlists.default, timelineOf(london, START, playlists)));
    await settle();
    expect(shown()).toBe('http://screen/media/lobby');
    await advance(2 * MINUTE - 1);
    expect(shown()).toBe('http://screen/media/lobby');
    await advance(1);
    expect(shown()).toBe('http://screen/media/eggs');
    expect(commands.current.getContentState()).toMatchObject({
      version: 4,
      showing: 'items',
      segment: { source: { kind: 'schedule', id: 'breakfast' } },
      clock: 'device',
    });
    await advance(10 * MINUTE);
    expect(shown()).toBe('http://screen/media/lobby');
  });

  it('plays two schedules tied at the top priority one after another, in their stable order', async () => {
    const rules = rulesIn('America/New_York', {
      schedules: [
        schedule({ id: 'a', playlistId: 'coffee', from: '00:00', to: '12:00' }),
        schedule({ id: 'b', playlistId: 'tea', from: '00:00', to: '12:00' }),
      ],
    });
    const tied = { coffee: [image('coffee', 8000)], tea: [image('tea', 5000)] };
    play(storedAppData(2, [], timelineOf(rules, START, tied)));
    await settle();
    const seen = [shown()];
    for (const ms of [8000, 5000, 8000, 5000]) {
      await advance(ms);
      seen.push(shown());
    }
    expect(seen.map((src) => src?.replace('http://screen/media/', ''))).toEqual([
      'coffee',
      'tea',
      'coffee',
      'tea',
      'coffee',
    ]);
  });

  it("shows an override's message full screen until it expires, then the schedule", async () => {
    const rules = {
      ...london,
      overrides: [
        override({
          id: 'fire',
          message: 'Please leave the building by the nearest exit',
          expiresAt: START + 5 * MINUTE,
        }),
      ],
    };
    play(storedAppData(5, playlists.default, timelineOf(rules, START, playlists)));
    await settle();
    expect(screen.getByTestId('message-screen').textContent).toBe(
      'Please leave the building by the nearest exit',
    );
    await advance(5 * MINUTE);
    expect(screen.queryByTestId('message-screen')).toBeNull();
    expect(shown()).toBe('http://screen/media/eggs');
  });

  it('shows the idle screen when nothing is scheduled and there is no default content', async () => {
    const rules = rulesIn('America/Phoenix', {
      schedules: [schedule({ id: 'late', playlistId: 'menu', from: '22:00', to: '23:00' })],
    });
    play(storedAppData(1, [], timelineOf(rules, START, playlists)));
    await settle();
    expect(screen.getByTestId('idle-screen')).toBeTruthy();
    expect(document.querySelector('.slate')).toBeNull();
  });

  it('tells the operator to assign content when the timeline has no rule at all (a screen just paired)', async () => {
    play(storedAppData(1, [], timelineOf(rulesIn('UTC'), START, {})));
    await settle();
    expect(screen.getByText('This screen is paired')).toBeTruthy();
    expect(screen.queryByTestId('idle-screen')).toBeNull();
  });

  it('plays the items as before when app/data has no timeline', async () => {
    play(storedAppData(3, [image('plain')]));
    await settle();
    expect(shown()).toBe('http://screen/media/plain');
  });

  it('offline, skips what the media cache does not hold (logged once) and shows idle when nothing is left', async () => {
    const held = new Set(['http://screen/media/lobby']);
    const cache = {
      keys: async () => [...held].map((url) => ({ url })),
      match: async (url: string) => (held.has(url) ? {} : undefined),
      add: async () => {
        throw new Error('offline');
      },
    };
    vi.stubGlobal('caches', { open: async (name: string) => (name === MEDIA_CACHE_NAME ? cache : null) });
    setOnline(false);
    const withPage = {
      default: [
        image('lobby', 60_000),
        { type: 'url' as const, src: 'https://menu.example/', durationMs: 9000 },
      ],
      menu: [image('eggs', 60_000)],
    };
    const { api } = play(storedAppData(6, withPage.default, timelineOf(london, START, withPage)));
    await settle();
    expect(shown()).toBe('http://screen/media/lobby');
    expect(document.querySelector('iframe')).toBeNull();
    await advance(2 * MINUTE);
    expect(screen.getByTestId('idle-screen')).toBeTruthy();
    const skips = vi
      .mocked(api.log)
      .mock.calls.filter(([, message]) => message.startsWith('Skipped offline'));
    expect(skips.map(([, message]) => message)).toEqual([
      'Skipped offline: url https://menu.example/ is not in the media cache',
      'Skipped offline: image http://screen/media/eggs is not in the media cache',
    ]);
    await advance(10 * MINUTE);
    expect(shown()).toBe('http://screen/media/lobby');
    expect(vi.mocked(api.log).mock.calls.filter(([, m]) => m.startsWith('Skipped offline'))).toHaveLength(2);
  });

  it('after a reload without network, keeps showing a persisted override until it expires', async () => {
    vi.stubGlobal('caches', undefined);
    setOnline(false);
    const rules = {
      ...london,
      overrides: [
        override({ id: 'closed', message: 'Closed for stocktaking', expiresAt: START + 30 * MINUTE }),
      ],
    };
    // The player's offline copy answers getAppData with the timeline it last received, an hour ago.
    play(storedAppData(8, playlists.default, timelineOf(rules, START - HOUR, playlists)));
    await settle();
    expect(screen.getByTestId('message-screen').textContent).toBe('Closed for stocktaking');
    await advance(30 * MINUTE - 1);
    expect(screen.getByTestId('message-screen')).toBeTruthy();
    await advance(1);
    // Expired: the breakfast window is over by then and nothing is cached, so the idle screen, never blank.
    expect(screen.queryByTestId('message-screen')).toBeNull();
    expect(screen.getByTestId('idle-screen')).toBeTruthy();
  });

  it("fetches the next 24 hours' media ahead, online, and again at each boundary", async () => {
    const added: string[] = [];
    const cache = {
      keys: async () => [],
      match: async (url: string) => (added.includes(url) ? {} : undefined),
      add: async (url: string) => void added.push(url),
    };
    vi.stubGlobal('caches', { open: async () => cache });
    // Uploaded media are cached when they come from the page's own server.
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      'http://screen/content/',
    );
    const rules = {
      ...london,
      schedules: [
        ...london.schedules,
        schedule({ id: 'sale', playlistId: 'sale', startsOn: '2026-06-04', endsOn: '2026-06-04' }),
      ],
    };
    const withSale = { ...playlists, sale: [image('sale')] };
    play(storedAppData(9, playlists.default, timelineOf(rules, START, withSale)));
    await settle();
    expect(added).toEqual(['http://screen/media/lobby', 'http://screen/media/eggs']);
    // Two days on, the window reaches the sale.
    await advance(2 * 24 * HOUR);
    await settle();
    expect(added).toContain('http://screen/media/sale');
  });

  it('goes on switching past the horizon of a timeline received days ago', async () => {
    const old = timelineOf(london, START - 5 * 24 * HOUR, playlists);
    play(storedAppData(7, playlists.default, old));
    await settle();
    expect(shown()).toBe('http://screen/media/lobby');
    await advance(2 * MINUTE);
    expect(shown()).toBe('http://screen/media/eggs');
  });
});
