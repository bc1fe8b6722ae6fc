import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleDailyRestart } from './dailyRestart';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scheduleDailyRestart', () => {
  it('restarts at the chosen slot plus the random minutes, in the time zone, and again the next day', () => {
    vi.setSystemTime(Date.UTC(2026, 0, 10, 12, 0)); // 12:00 in London (GMT)
    const restart = vi.fn();
    const stop = scheduleDailyRestart({
      timezone: 'Europe/London',
      slot: '03:00pm',
      restart,
      random: () => 0.5,
    });
    vi.advanceTimersByTime((3 * 60 + 30) * 60_000 - 1); // 15:29:59.999
    expect(restart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(restart).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(24 * 60 * 60_000);
    expect(restart).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(48 * 60 * 60_000);
    expect(restart).toHaveBeenCalledTimes(2);
  });

  it("defaults to 4:00am, as docs/player.md §Settings says, and honours the zone's offset", () => {
    vi.setSystemTime(Date.UTC(2026, 6, 1, 0, 0)); // 02:00 in Paris (CEST, UTC+2)
    const restart = vi.fn();
    const stop = scheduleDailyRestart({ timezone: 'Europe/Paris', slot: null, restart, random: () => 0 });
    vi.advanceTimersByTime(2 * 60 * 60_000 - 1);
    expect(restart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(restart).toHaveBeenCalledTimes(1);
    stop();
  });

  it('schedules nothing for an invalid time zone and says so', () => {
    const logger = { info: vi.fn(), warn: vi.fn() };
    const restart = vi.fn();
    scheduleDailyRestart({ timezone: 'Mars/Olympus', restart, logger });
    vi.advanceTimersByTime(48 * 60 * 60_000);
    expect(restart).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalled();
  });
});
