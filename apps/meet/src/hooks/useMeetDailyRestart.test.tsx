import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slotHour, useMeetDailyRestart } from './useMeetDailyRestart';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 10, 3, 0, 0));
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useMeetDailyRestart', () => {
  it('restarts at 4:00am in the configured timezone and logs the window', () => {
    const restart = vi.fn();
    const logger = { info: vi.fn(), warn: vi.fn() };
    renderHook(() => useMeetDailyRestart({ daily_restart: 'on', timezone: 'UTC' }, restart, logger));
    expect(logger.info).toHaveBeenCalledWith('daily restart window', '04:00-04:59');
    vi.advanceTimersByTime(60 * 60 * 1000 - 1);
    expect(restart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(restart).toHaveBeenCalledTimes(1);
  });

  it('does nothing while off', () => {
    const restart = vi.fn();
    renderHook(() =>
      useMeetDailyRestart({ daily_restart: 'off' }, restart, { info: vi.fn(), warn: vi.fn() }),
    );
    vi.advanceTimersByTime(48 * 60 * 60 * 1000);
    expect(restart).not.toHaveBeenCalled();
  });

  it('reads slot hours', () => {
    expect(slotHour(null)).toBe(4);
    expect(slotHour('12:00am')).toBe(0);
    expect(slotHour('12:00pm')).toBe(12);
    expect(slotHour('11:00pm')).toBe(23);
  });
});
