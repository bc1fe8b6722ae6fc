import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { usePreviewCycle } from './usePreviewCycle';

describe('usePreviewCycle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows each item for its own duration, then starts over', () => {
    const { result } = renderHook(() => usePreviewCycle([2, 5]));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.index).toBe(0);
  });

  it('stays on an item while paused, and jumps to the one asked for', () => {
    const { result } = renderHook(() => usePreviewCycle([2, 5, 1]));
    act(() => result.current.toggle());
    act(() => result.current.show(2));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toMatchObject({ index: 2, playing: false });
  });

  it('keeps within the list when items are removed', () => {
    const { result, rerender } = renderHook(({ durations }) => usePreviewCycle(durations), {
      initialProps: { durations: [1, 1, 1] },
    });
    act(() => result.current.show(2));
    rerender({ durations: [1, 1] });
    expect(result.current.index).toBe(0);
  });
});
