import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSidebar } from './useSidebar';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useSidebar', () => {
  it('fades the hamburger after 7 s without activity and shows it again on activity', () => {
    const { result } = renderHook(() => useSidebar(false));
    act(() => vi.advanceTimersByTime(6999));
    expect(result.current.hamburgerVisible).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.hamburgerVisible).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('pointermove'));
    });
    expect(result.current.hamburgerVisible).toBe(true);
  });

  it('closes the panel after 7 s idle, activity restarting the count', () => {
    const { result } = renderHook(() => useSidebar(false));
    act(() => result.current.openSidebar());
    act(() => vi.advanceTimersByTime(5000));
    act(() => {
      window.dispatchEvent(new Event('keydown'));
    });
    act(() => vi.advanceTimersByTime(6999));
    expect(result.current.open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(false);
  });

  it('closes on request (outside click) but stays open in debug mode', () => {
    const { result, rerender } = renderHook(({ debug }) => useSidebar(debug), {
      initialProps: { debug: false },
    });
    act(() => result.current.openSidebar());
    act(() => result.current.closeSidebar());
    expect(result.current.open).toBe(false);
    rerender({ debug: true });
    expect(result.current.open).toBe(true);
    act(() => result.current.closeSidebar());
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.open).toBe(true);
  });
});
