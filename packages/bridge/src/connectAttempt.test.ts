import { BRIDGE_CONNECT_TIMEOUT_MS, BRIDGE_PING_INTERVAL_MS, defaultTimers } from '@marquee/protocol';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ConnectAttempt } from './connectAttempt';

describe('ConnectAttempt', () => {
  let sendPing: Mock<() => void>;
  let attempt: ConnectAttempt;
  beforeEach(() => {
    vi.useFakeTimers();
    sendPing = vi.fn();
    attempt = new ConnectAttempt({
      timers: defaultTimers,
      pingIntervalMs: BRIDGE_PING_INTERVAL_MS,
      timeoutMs: BRIDGE_CONNECT_TIMEOUT_MS,
      sendPing,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does nothing until started', () => {
    vi.advanceTimersByTime(BRIDGE_CONNECT_TIMEOUT_MS * 2);
    expect(sendPing).not.toHaveBeenCalled();
    expect(attempt.active).toBe(false);
  });

  it('pings at once and then every ping interval', () => {
    attempt.start();
    expect(sendPing).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(BRIDGE_PING_INTERVAL_MS - 1);
    expect(sendPing).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(sendPing).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(BRIDGE_PING_INTERVAL_MS * 3);
    expect(sendPing).toHaveBeenCalledTimes(5);
    attempt.succeed();
  });

  it("rejects with 'connect timeout' exactly at the connect time-out and stops pinging", async () => {
    attempt.start();
    const failed = vi.fn();
    attempt.promise.catch(failed);
    await vi.advanceTimersByTimeAsync(BRIDGE_CONNECT_TIMEOUT_MS - 1);
    expect(failed).not.toHaveBeenCalled();
    expect(attempt.active).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(failed).toHaveBeenCalledWith(new Error('connect timeout'));
    expect(attempt.active).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    const pings = sendPing.mock.calls.length;
    vi.advanceTimersByTime(BRIDGE_CONNECT_TIMEOUT_MS);
    expect(sendPing).toHaveBeenCalledTimes(pings);
  });

  it('resolves on success, releases its timers, and ignores a later failure', async () => {
    attempt.start();
    attempt.succeed();
    attempt.fail('bridge closed');
    await expect(attempt.promise).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
    expect(attempt.active).toBe(false);
  });

  it('can succeed from inside its first ping', async () => {
    const inner = new ConnectAttempt({
      timers: defaultTimers,
      pingIntervalMs: BRIDGE_PING_INTERVAL_MS,
      timeoutMs: BRIDGE_CONNECT_TIMEOUT_MS,
      sendPing: () => inner.succeed(),
    });
    inner.start();
    await expect(inner.promise).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails with the given message, and cannot be restarted', async () => {
    attempt.start();
    attempt.fail('bridge closed');
    await expect(attempt.promise).rejects.toThrow(new Error('bridge closed'));
    attempt.start();
    expect(vi.getTimerCount()).toBe(0);
    expect(sendPing).toHaveBeenCalledTimes(1);
  });
});
