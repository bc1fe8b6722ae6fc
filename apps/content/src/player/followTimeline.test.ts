// The player follows its timeline by its own clock: one timer to the next change, nothing in between, in the
// named zones across DST changes and midnight, past the server's horizon from the rules alone.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultTimers, type Timers } from '@marquee/protocol';
import { followTimeline } from './followTimeline';
import type { Showing } from './showing';
import { HOUR, override, rulesIn, schedule, timelineOf } from './timelineTestKit';
import type { PlayerTimeline } from './timeline';

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
  });
});
afterEach(() => vi.useRealTimers());

/** Follows `timeline` from `start`, recording what shows and the instant every timer fires. */
function follow(timeline: PlayerTimeline, start: number) {
  vi.setSystemTime(start);
  const shown: Array<{ at: number; kind: string; playlistIds: string[]; message: string | null }> = [];
  const fired: number[] = [];
  const timers: Timers = {
    ...defaultTimers,
    setTimeout: (callback, ms) =>
      defaultTimers.setTimeout(() => {
        fired.push(Date.now());
        callback();
      }, ms),
  };
  const follower = followTimeline({
    timeline,
    now: () => Date.now(),
    monotonic: () => performance.now(),
    timers,
    onShow: ({ segment }: Showing) => {
      const last = shown[shown.length - 1];
      const next = {
        at: Date.now(),
        kind: segment.source.kind,
        playlistIds: segment.playlistIds,
        message: segment.message,
      };
      if (last === undefined || JSON.stringify({ ...last, at: 0 }) !== JSON.stringify({ ...next, at: 0 })) {
        shown.push(next);
      }
    },
    onError: (error) => {
      throw error;
    },
  });
  const names = () =>
    shown.map(({ at, playlistIds, message }) => [
      new Date(at).toISOString(),
      message ?? playlistIds.join('+'),
    ]);
  return { follower, shown, fired, names };
}

const breakfast = (timezone: string) =>
  rulesIn(timezone, {
    defaultContent: { id: 'd', name: 'Default', playlistId: 'default' },
    schedules: [schedule({ id: 'breakfast', playlistId: 'menu', from: '06:00', to: '11:00' })],
  });
const playlists = { default: [], menu: [] };

describe('followTimeline', () => {
  it("switches at a window's start and end in Europe/London, and no timer fires in between", () => {
    const start = Date.parse('2026-06-01T04:00:00Z'); // 05:00 BST
    const { fired, names, follower } = follow(
      timelineOf(breakfast('Europe/London'), start, playlists),
      start,
    );
    vi.advanceTimersByTime(25 * HOUR);
    expect(names()).toEqual([
      ['2026-06-01T04:00:00.000Z', 'default'],
      ['2026-06-01T05:00:00.000Z', 'menu'], // 06:00 BST
      ['2026-06-01T10:00:00.000Z', 'default'], // 11:00 BST
      ['2026-06-02T05:00:00.000Z', 'menu'],
    ]);
    expect(fired.map((t) => new Date(t).toISOString())).toEqual([
      '2026-06-01T05:00:00.000Z',
      '2026-06-01T10:00:00.000Z',
      '2026-06-02T05:00:00.000Z',
    ]);
    follower.stop();
  });

  it('follows the local time across the spring-forward change in America/New_York, never "previous + 24 h"', () => {
    const start = Date.parse('2026-03-07T12:00:00Z'); // Saturday 07:00 EST, inside the window
    const { names } = follow(timelineOf(breakfast('America/New_York'), start, playlists), start);
    vi.advanceTimersByTime(48 * HOUR);
    expect(names()).toEqual([
      ['2026-03-07T12:00:00.000Z', 'menu'],
      ['2026-03-07T16:00:00.000Z', 'default'], // 11:00 EST
      ['2026-03-08T10:00:00.000Z', 'menu'], // 06:00 EDT: an hour earlier in UTC than the day before
      ['2026-03-08T15:00:00.000Z', 'default'], // 11:00 EDT
      ['2026-03-09T10:00:00.000Z', 'menu'],
    ]);
  });

  it('keeps the same UTC times in America/Phoenix, which has no DST, while New York moves', () => {
    const start = Date.parse('2026-03-07T12:00:00Z');
    const { names } = follow(timelineOf(breakfast('America/Phoenix'), start, playlists), start);
    vi.advanceTimersByTime(48 * HOUR);
    expect(names()).toEqual([
      ['2026-03-07T12:00:00.000Z', 'default'], // 05:00 MST
      ['2026-03-07T13:00:00.000Z', 'menu'],
      ['2026-03-07T18:00:00.000Z', 'default'],
      ['2026-03-08T13:00:00.000Z', 'menu'],
      ['2026-03-08T18:00:00.000Z', 'default'],
    ]);
  });

  it('starts a window inside the autumn repeated hour at its first occurrence (Europe/London)', () => {
    const rules = rulesIn('Europe/London', {
      defaultContent: { id: 'd', name: 'Default', playlistId: 'default' },
      schedules: [schedule({ id: 'night', playlistId: 'menu', from: '01:30', to: '04:00' })],
    });
    const start = Date.parse('2026-10-24T23:00:00Z'); // Sunday 00:00 BST; clocks go back at 02:00 BST
    const { names } = follow(timelineOf(rules, start, playlists), start);
    vi.advanceTimersByTime(6 * HOUR);
    expect(names()).toEqual([
      ['2026-10-24T23:00:00.000Z', 'default'],
      ['2026-10-25T00:30:00.000Z', 'menu'], // 01:30 BST, the first of the two
      ['2026-10-25T04:00:00.000Z', 'default'], // 04:00 GMT
    ]);
  });

  it('runs an overnight window across midnight into the next day (Fri 22:00 to 02:00, New York)', () => {
    const rules = rulesIn('America/New_York', {
      schedules: [schedule({ id: 'late', playlistId: 'menu', days: ['fri'], from: '22:00', to: '02:00' })],
    });
    const start = Date.parse('2026-06-05T20:00:00Z'); // Friday 16:00 EDT
    const { names, fired } = follow(timelineOf(rules, start, playlists), start);
    vi.advanceTimersByTime(24 * HOUR);
    expect(names()).toEqual([
      ['2026-06-05T20:00:00.000Z', ''], // idle: nothing scheduled, no default content
      ['2026-06-06T02:00:00.000Z', 'menu'], // Friday 22:00 EDT
      ['2026-06-06T06:00:00.000Z', ''], // Saturday 02:00 EDT
    ]);
    expect(fired).toHaveLength(2);
  });

  it('goes on past the 96-hour horizon from the rules alone, still at boundaries only', () => {
    const start = Date.parse('2026-06-01T04:00:00Z');
    const { names, fired } = follow(timelineOf(breakfast('Europe/London'), start, playlists), start);
    vi.advanceTimersByTime(7 * 24 * HOUR);
    const past = names().filter(([at]) => Date.parse(at!) > start + 96 * HOUR);
    expect(past).toEqual([
      ['2026-06-05T05:00:00.000Z', 'menu'],
      ['2026-06-05T10:00:00.000Z', 'default'],
      ['2026-06-06T05:00:00.000Z', 'menu'],
      ['2026-06-06T10:00:00.000Z', 'default'],
      ['2026-06-07T05:00:00.000Z', 'menu'],
      ['2026-06-07T10:00:00.000Z', 'default'],
    ]);
    // Two boundaries a day for seven days, and nothing else (not even at the horizon).
    expect(fired).toHaveLength(14);
  });

  it('shows an override until it expires, then the schedule again', () => {
    const start = Date.parse('2026-06-01T06:00:00Z'); // 07:00 BST, breakfast
    const rules = {
      ...breakfast('Europe/London'),
      overrides: [override({ id: 'fire', message: 'Fire drill at 07:30', expiresAt: start + 45 * 60_000 })],
    };
    const { names } = follow(timelineOf(rules, start, playlists), start);
    vi.advanceTimersByTime(2 * HOUR);
    expect(names()).toEqual([
      ['2026-06-01T06:00:00.000Z', 'Fire drill at 07:30'],
      ['2026-06-01T06:45:00.000Z', 'menu'],
    ]);
  });

  it('evaluates again when the clock jumps, and not when it only ticks', () => {
    const start = Date.parse('2026-06-01T04:00:00Z');
    const { follower, names, fired } = follow(
      timelineOf(breakfast('Europe/London'), start, playlists),
      start,
    );
    vi.advanceTimersByTime(10 * 60_000);
    follower.check();
    expect(names()).toHaveLength(1);
    vi.setSystemTime(Date.parse('2026-06-01T07:00:00Z')); // set forward by hand: 08:00 BST
    follower.check();
    expect(names()[1]).toEqual(['2026-06-01T07:00:00.000Z', 'menu']);
    vi.advanceTimersByTime(3 * HOUR);
    expect(names()[2]).toEqual(['2026-06-01T10:00:00.000Z', 'default']);
    expect(fired.map((t) => new Date(t).toISOString())).toEqual(['2026-06-01T10:00:00.000Z']);
    follower.stop();
  });

  it('arms nothing more once stopped', () => {
    const start = Date.parse('2026-06-01T04:00:00Z');
    const { follower, fired } = follow(timelineOf(breakfast('Europe/London'), start, playlists), start);
    follower.stop();
    vi.advanceTimersByTime(48 * HOUR);
    expect(fired).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
