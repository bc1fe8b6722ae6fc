import { act, cleanup, renderHook } from '@testing-library/react';
import { defaultTimers } from '@marquee/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_APPLIED_EVENT } from './useHeartbeat';
import { STARTUP_SETTLE_FALLBACK_MS, useStartupSettled } from './useStartupSettled';

/** Animation frames the test runs by hand: nothing settles before the content's frames are painted. */
function frames() {
  const queued: Array<() => void> = [];
  return {
    next: (callback: () => void) => void queued.push(callback),
    run: () => act(() => queued.splice(0).forEach((callback) => callback())),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useStartupSettled', () => {
  it('settles two animation frames after the frame applied its content', () => {
    const applied = new EventTarget();
    const frame = frames();
    const { result } = renderHook(() => useStartupSettled(applied, defaultTimers, frame.next));
    expect(result.current.settled).toBe(false);
    act(() => void applied.dispatchEvent(new CustomEvent(CONTENT_APPLIED_EVENT, { detail: { version: 3 } })));
    expect(result.current.settled).toBe(false);
    frame.run();
    expect(result.current.settled).toBe(false); // the content paints first
    frame.run();
    expect(result.current.settled).toBe(true);
  });

  it('settles once the pairing code went to the frame, and only once', () => {
    const frame = frames();
    const { result } = renderHook(() => useStartupSettled(new EventTarget(), defaultTimers, frame.next));
    act(() => result.current.settle());
    act(() => result.current.settle());
    frame.run();
    frame.run();
    expect(result.current.settled).toBe(true);
    frame.run();
    expect(result.current.settled).toBe(true);
  });

  it('settles after the fallback for a frame that says nothing, and not before', () => {
    const frame = frames();
    const { result } = renderHook(() => useStartupSettled(new EventTarget(), defaultTimers, frame.next));
    act(() => vi.advanceTimersByTime(STARTUP_SETTLE_FALLBACK_MS - 1));
    frame.run();
    frame.run();
    expect(result.current.settled).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    frame.run();
    frame.run();
    expect(result.current.settled).toBe(true);
  });

  it('stops listening when the Player goes', () => {
    const applied = new EventTarget();
    const frame = frames();
    const { result, unmount } = renderHook(() => useStartupSettled(applied, defaultTimers, frame.next));
    unmount();
    applied.dispatchEvent(new CustomEvent(CONTENT_APPLIED_EVENT));
    vi.advanceTimersByTime(STARTUP_SETTLE_FALLBACK_MS);
    frame.run();
    frame.run();
    expect(result.current.settled).toBe(false);
  });
});

describe('useStartupSettled without animation frames', () => {
  it('settles on the 100 ms fallbacks of the timers it is given, as a hidden window would', () => {
    const noFrames = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      const { result } = renderHook(() => useStartupSettled(new EventTarget()));
      act(() => result.current.settle());
      act(() => vi.advanceTimersByTime(100));
      expect(result.current.settled).toBe(false);
      act(() => vi.advanceTimersByTime(100));
      expect(result.current.settled).toBe(true);
    } finally {
      noFrames.mockRestore();
    }
  });
});
