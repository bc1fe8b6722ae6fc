import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUptime } from './useUptime';

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useUptime', () => {
  it("ticks every second, written '{h}hr {m}m {s}s'", () => {
    const { result } = renderHook(() => useUptime(0));
    expect(result.current).toBe('0hr 0m 0s');
    act(() => vi.advanceTimersByTime(3_723_000));
    expect(result.current).toBe('1hr 2m 3s');
  });
});
