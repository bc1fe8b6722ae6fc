import { describe, expect, it } from 'vitest';
import { trackOnlineTime } from './onlineTime';

function clockAt(start: number) {
  let now = start;
  const clock = () => now;
  return { clock, advance: (ms: number) => (now += ms), set: (ms: number) => (now = ms) };
}

describe('trackOnlineTime', () => {
  it('adds the time between changes to the state that held, the current span included', () => {
    const time = clockAt(10_000);
    const tracker = trackOnlineTime({ startedAt: 10_000, online: true, clock: time.clock });
    time.advance(30_000);
    tracker.set(false);
    time.advance(12_500);
    expect(tracker.totals()).toEqual({ onlineSeconds: 30, offlineSeconds: 12 });
    tracker.set(true);
    time.advance(5_000);
    expect(tracker.totals()).toEqual({ onlineSeconds: 35, offlineSeconds: 12 });
  });

  it('counts from the page load, and ignores a repeated state', () => {
    const time = clockAt(20_000);
    const tracker = trackOnlineTime({ startedAt: 8_000, online: false, clock: time.clock });
    tracker.set(false);
    expect(tracker.totals()).toEqual({ onlineSeconds: 0, offlineSeconds: 12 });
  });

  it('never counts a negative time when the clock steps back', () => {
    const time = clockAt(100_000);
    const tracker = trackOnlineTime({ startedAt: 100_000, online: true, clock: time.clock });
    time.advance(10_000);
    tracker.set(false);
    time.set(50_000);
    expect(tracker.totals()).toEqual({ onlineSeconds: 10, offlineSeconds: 0 });
    time.set(115_000);
    expect(tracker.totals()).toEqual({ onlineSeconds: 10, offlineSeconds: 5 });
  });
});
