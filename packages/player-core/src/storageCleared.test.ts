import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchStorageCleared } from './storageCleared';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function storageEvent(key: string | null): Event {
  return Object.assign(new Event('storage'), { key });
}

describe('watchStorageCleared', () => {
  it('runs the callback 2000 ms after a whole-storage clear, not for single keys', () => {
    const events = new EventTarget();
    const onCleared = vi.fn();
    const stop = watchStorageCleared({ events, onCleared });
    events.dispatchEvent(storageEvent('auth'));
    vi.advanceTimersByTime(5000);
    expect(onCleared).not.toHaveBeenCalled();
    events.dispatchEvent(storageEvent(null));
    vi.advanceTimersByTime(1999);
    expect(onCleared).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onCleared).toHaveBeenCalledTimes(1);
    stop();
    events.dispatchEvent(storageEvent(null));
    vi.advanceTimersByTime(5000);
    expect(onCleared).toHaveBeenCalledTimes(1);
  });
});
