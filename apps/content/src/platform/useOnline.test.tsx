import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { OFFLINE_AFTER_MS, useOnline } from './useOnline';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('useOnline', () => {
  it('gives a realtime connection that is down the benefit of the doubt for a while, then says offline', () => {
    const { result, rerender } = renderHook(({ connected }) => useOnline(connected), {
      initialProps: { connected: false as boolean | null },
    });
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(OFFLINE_AFTER_MS));
    expect(result.current).toBe(false);
    rerender({ connected: true });
    expect(result.current).toBe(true);
  });

  it('follows the browser alone when there is no realtime connection', () => {
    const { result } = renderHook(() => useOnline(null));
    act(() => void vi.advanceTimersByTime(10 * OFFLINE_AFTER_MS));
    expect(result.current).toBe(true);
    act(() => {
      Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current).toBe(false);
  });
});
