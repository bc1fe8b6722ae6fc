import { describe, expect, it } from 'vitest';
import { ServerTime } from './serverTime';

describe('ServerTime', () => {
  it('takes the offset against the midpoint of the round trip', () => {
    let now = 10_000;
    const time = new ServerTime(() => now);
    expect(time.offset).toBe(0);
    expect(time.record(60_000, 10_000, 10_200)).toBe(true);
    expect(time.offset).toBe(49_900);
    now = 20_000;
    expect(time.now()).toBe(69_900);
  });

  it('reports no change for the same offset, and ignores impossible answers', () => {
    const time = new ServerTime(() => 0);
    expect(time.record(1_000, 0, 0)).toBe(true);
    expect(time.record(1_000, 0, 0)).toBe(false);
    expect(time.record(Number.NaN, 0, 0)).toBe(false);
    expect(time.record(5_000, 10, 5)).toBe(false);
    expect(time.offset).toBe(1_000);
  });

  it('rounds to whole milliseconds, negative offsets included', () => {
    const time = new ServerTime(() => 0);
    time.record(100, 1_000, 1_001);
    expect(time.offset).toBe(-900);
  });
});
