import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heartbeatPath, startHeartbeat } from './heartbeat';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startHeartbeat', () => {
  it('beats on start, every minute and on online, and stops completely', async () => {
    const send = vi.fn(async () => ({}));
    const events = new EventTarget();
    const stop = startHeartbeat({ send, events });
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(59_999);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(2);
    events.dispatchEvent(new Event('online'));
    expect(send).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(10 * 60_000);
    events.dispatchEvent(new Event('online'));
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('beats again at the moments it is given, until stopped', () => {
    const send = vi.fn(async () => ({}));
    let fire: () => void = () => {};
    const unsubscribe = vi.fn();
    const stop = startHeartbeat({
      send,
      events: null,
      beatOn: (beat) => {
        fire = beat;
        return unsubscribe;
      },
    });
    fire();
    expect(send).toHaveBeenCalledTimes(2);
    stop();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('keeps beating after a failed beat', async () => {
    const send = vi.fn(async () => Promise.reject(new Error('offline')));
    const stop = startHeartbeat({ send, events: null });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(2);
    stop();
  });

  it('builds the heartbeat path of docs/protocols/player-api.md §Heartbeat', () => {
    expect(heartbeatPath('p-1')).toBe('/_internal/players/p-1/heartbeat');
  });
});
