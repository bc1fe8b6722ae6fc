import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultTimers } from './timers';

describe('defaultTimers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('use the global timers current at call time, so fake timers installed later apply', () => {
    vi.useFakeTimers();
    const fired: string[] = [];
    const timeout = defaultTimers.setTimeout(() => fired.push('timeout'), 100);
    const interval = defaultTimers.setInterval(() => fired.push('interval'), 40);
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(99);
    expect(fired).toEqual(['interval', 'interval']);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['interval', 'interval', 'timeout']);
    defaultTimers.clearInterval(interval);
    defaultTimers.clearTimeout(timeout);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clear a timer before it fires', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    defaultTimers.clearTimeout(defaultTimers.setTimeout(fn, 10));
    defaultTimers.clearInterval(defaultTimers.setInterval(fn, 10));
    vi.advanceTimersByTime(100);
    expect(fn).not.toHaveBeenCalled();
  });
});
