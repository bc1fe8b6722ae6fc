import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstStatsDelay, nextStatsDelay, startStatsReporting } from './statsSchedule';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The times (ms from the start) at which `report` ran, over `span` ms. */
async function reportTimes(random: () => number, span: number, report = vi.fn(async () => {})) {
  const times: number[] = [];
  const start = Date.now();
  report.mockImplementation(async () => {
    times.push(Date.now() - start);
  });
  const stop = startStatsReporting({ report, random });
  await vi.advanceTimersByTimeAsync(span);
  stop();
  return times;
}

describe('stats schedule', () => {
  it('reports first after 10 to 30 s, as the random draw says', () => {
    expect(firstStatsDelay(() => 0)).toBe(10 * SECOND);
    expect(firstStatsDelay(() => 0.5)).toBe(20 * SECOND);
    expect(firstStatsDelay(() => 0.999_999)).toBe(30 * SECOND);
    // A broken random source still lands in the window.
    expect(firstStatsDelay(() => -3)).toBe(10 * SECOND);
    expect(firstStatsDelay(() => 7)).toBe(30 * SECOND);
    expect(firstStatsDelay(() => Number.NaN)).toBe(10 * SECOND);
  });

  it('doubles the interval after each report up to 10 minutes, and stays there', async () => {
    const times = await reportTimes(() => 0.5, 60 * MINUTE);
    const gaps = times.map((time, index) => time - (times[index - 1] ?? 0));
    expect(gaps.slice(0, 7)).toEqual([20, 40, 80, 160, 320, 600, 600].map((s) => s * SECOND));
    expect(new Set(gaps.slice(5))).toEqual(new Set([10 * MINUTE]));
    expect(nextStatsDelay(9 * MINUTE)).toBe(10 * MINUTE);
  });

  it('sends nothing before the first delay', async () => {
    const report = vi.fn(async () => {});
    const stop = startStatsReporting({ report, random: () => 0 });
    await vi.advanceTimersByTimeAsync(10 * SECOND - 1);
    expect(report).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(report).toHaveBeenCalledTimes(1);
    stop();
  });

  it('goes on after a failed report, and arms the next one only once a slow report has settled', async () => {
    let settle: () => void = () => {};
    const report = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => Promise.reject(new Error('offline')))
      .mockImplementationOnce(() => new Promise<void>((resolve) => (settle = resolve)))
      .mockResolvedValue(undefined);
    const stop = startStatsReporting({ report, random: () => 0 });
    await vi.advanceTimersByTimeAsync(10 * SECOND + 20 * SECOND);
    expect(report).toHaveBeenCalledTimes(2);
    // The second report hangs for 5 minutes: no third report meanwhile.
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(report).toHaveBeenCalledTimes(2);
    settle();
    await vi.advanceTimersByTimeAsync(40 * SECOND);
    expect(report).toHaveBeenCalledTimes(3);
    stop();
  });

  it('leaves no timer behind once stopped, before or while a report runs', async () => {
    const stop = startStatsReporting({ report: async () => {}, random: () => 0 });
    expect(vi.getTimerCount()).toBe(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);

    let settle: () => void = () => {};
    const report = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const stopWhileRunning = startStatsReporting({ report, random: () => 0 });
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(report).toHaveBeenCalledTimes(1);
    stopWhileRunning();
    settle();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(report).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
