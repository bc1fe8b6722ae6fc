import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge } from '@marquee/bridge';
import { testSession } from '../session/testSession';
import { CONTENT_APPLIED_EVENT, heartbeatBody, useHeartbeat } from './useHeartbeat';

beforeEach(() => vi.useFakeTimers({ now: 100_000 }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const noFrame = { current: null };
const frameShowing = (version: number) => ({
  current: { call: vi.fn(async () => ({ version, index: 0 })) } as unknown as Bridge,
});

describe('useHeartbeat', () => {
  it('posts uptime in seconds, ip, platform, version and time zone on start and every minute', async () => {
    const { session, request } = testSession({ startedAt: 40_000 });
    const { unmount } = renderHook(() => useHeartbeat(session, '10.0.0.5', noFrame));
    expect(request).toHaveBeenCalledWith('POST', '/_internal/players/p1/heartbeat', {
      body: { uptime: 60, ip: '10.0.0.5', platform: 'browser', version: '1.0.0', timezone: zone },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(request).toHaveBeenCalledTimes(2);
    expect(request.mock.calls[1]?.[2]).toMatchObject({ body: { uptime: 120 } });
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(request).toHaveBeenCalledTimes(3);
    unmount();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(request).toHaveBeenCalledTimes(3);
  });

  it('beats at once, then carries the version the frame answered, and beats with a new one the moment it is applied', async () => {
    const { session, request } = testSession();
    const frame = frameShowing(7);
    const applied = new EventTarget();
    renderHook(() => useHeartbeat(session, null, frame, applied));
    // The first beat does not wait for the frame.
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[2]).not.toHaveProperty('body.contentVersion');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(request.mock.calls[1]?.[2]).toMatchObject({ body: { contentVersion: 7 } });
    applied.dispatchEvent(new CustomEvent(CONTENT_APPLIED_EVENT, { detail: { version: 8 } }));
    expect(request).toHaveBeenCalledTimes(3);
    expect(request.mock.calls[2]?.[2]).toMatchObject({ body: { contentVersion: 8 } });
    expect(frame.current.call).toHaveBeenCalledWith('getContentState');
  });

  it('never reports a negative uptime, and leaves out what it does not know', () => {
    const { session } = testSession({ startedAt: 200_000 });
    const body = heartbeatBody(session, 100_000, null, null, null);
    expect(body.uptime).toBe(0);
    expect(body).not.toHaveProperty('timezone');
    expect(body).not.toHaveProperty('contentVersion');
  });
});
