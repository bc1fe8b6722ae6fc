import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSession } from '../session/testSession';
import { useDailyRestart } from './useDailyRestart';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 0, 10, 12) }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useDailyRestart', () => {
  it('restarts within a day when supported and on, never otherwise', () => {
    const restart = vi.fn();
    const unsupported = testSession().session;
    renderHook(() => useDailyRestart(unsupported, { daily_restart: 'on' }, restart));
    const off = testSession({ capabilities: { daily_restart: true } }).session;
    renderHook(() => useDailyRestart(off, { daily_restart: 'off' }, restart));
    vi.advanceTimersByTime(48 * 3600_000);
    expect(restart).not.toHaveBeenCalled();
    const on = testSession({ capabilities: { daily_restart: true } }).session;
    renderHook(() => useDailyRestart(on, { daily_restart: 'on', daily_restart_time: '03:00pm' }, restart));
    vi.advanceTimersByTime(24 * 3600_000); // today 15:00–15:59 once; tomorrow's is later
    expect(restart).toHaveBeenCalledTimes(1);
  });
});
