import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_ERROR_REPORTS, useRemoteLogLevel } from '@marquee/player-core';
import { testSession } from '../session/testSession';
import { useErrorReports, useStorageCleared } from './useBackgroundDuties';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useErrorReports', () => {
  it('reports uncaught errors once each, bounded, under the player service, and stops on unmount', () => {
    const { session, request } = testSession();
    const { unmount } = renderHook(() => useErrorReports(session));
    const fire = (message: string) =>
      window.dispatchEvent(new ErrorEvent('error', { message, error: new Error(message) }));
    fire('boom');
    fire('boom');
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('POST', '/errors', {
      body: expect.objectContaining({
        message: 'boom',
        service: 'marquee-player',
        stack: expect.any(String),
      }),
    });
    for (let i = 0; i < 50; i++) fire(`e${i}`);
    expect(request).toHaveBeenCalledTimes(MAX_ERROR_REPORTS);
    unmount();
  });

  it('reports unhandled rejections with their reason', () => {
    const { session, request } = testSession();
    renderHook(() => useErrorReports(session));
    window.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new TypeError('bad type') }),
    );
    expect(request).toHaveBeenCalledWith('POST', '/errors', {
      body: expect.objectContaining({ message: 'bad type', service: 'marquee-player' }),
    });
  });
});

describe('useRemoteLogLevel', () => {
  it("keeps the remote log level under the local 'logging' key", () => {
    const { session } = testSession();
    const { rerender } = renderHook(({ logging }) => useRemoteLogLevel(session, logging), {
      initialProps: { logging: undefined as unknown },
    });
    expect(session.storage.getLogLevel()).toBeUndefined();
    rerender({ logging: { logLevel: 4 } });
    expect(session.storage.getLogLevel()).toBe(4);
  });
});

describe('useStorageCleared', () => {
  it('starts over 2 s after the whole storage was cleared', () => {
    const { session } = testSession();
    renderHook(() => useStorageCleared(session));
    window.dispatchEvent(Object.assign(new Event('storage'), { key: null }));
    vi.advanceTimersByTime(1999);
    expect(session.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(session.reload).toHaveBeenCalledTimes(1);
  });
});
