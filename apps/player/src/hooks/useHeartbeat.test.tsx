import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSession } from '../session/testSession';
import { heartbeatBody, useHeartbeat } from './useHeartbeat';

beforeEach(() => vi.useFakeTimers({ now: 100_000 }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useHeartbeat', () => {
  it('posts uptime in seconds, ip, platform and version on start and every minute', () => {
    const { session, request } = testSession({ startedAt: 40_000 });
    const { unmount } = renderHook(() => useHeartbeat(session, '10.0.0.5'));
    expect(request).toHaveBeenCalledWith('POST', '/_internal/players/p1/heartbeat', {
      body: { uptime: 60, ip: '10.0.0.5', platform: 'browser', version: '1.0.0' },
    });
    vi.advanceTimersByTime(60_000);
    expect(request).toHaveBeenCalledTimes(2);
    expect(request.mock.calls[1]?.[2]).toMatchObject({ body: { uptime: 120 } });
    window.dispatchEvent(new Event('online'));
    expect(request).toHaveBeenCalledTimes(3);
    unmount();
    vi.advanceTimersByTime(120_000);
    expect(request).toHaveBeenCalledTimes(3);
  });

  it('never reports a negative uptime', () => {
    const { session } = testSession({ startedAt: 200_000 });
    expect(heartbeatBody(session, 100_000, null).uptime).toBe(0);
  });
});
