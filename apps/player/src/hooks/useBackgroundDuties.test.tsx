import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSession } from '../session/testSession';
import {
  MAX_ERROR_REPORTS,
  useErrorReports,
  useRemoteLogLevel,
  useStorageCleared,
} from './useBackgroundDuties';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useErrorReports', () => {
  it('reports uncaught errors once each, bounded', () => {
    const { session, request } = testSession();
    renderHook(() => useErrorReports(session));
    const fire = (message: string) =>
      window.dispatchEvent(new ErrorEvent('error', { message, error: new Error(message) }));
    fire('boom');
    fire('boom');
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('POST', '/errors', {
      body: expect.objectContaining({ message: 'boom', service: 'marquee-player' }),
    });
    for (let i = 0; i < 50; i++) fire(`e${i}`);
    expect(request).toHaveBeenCalledTimes(MAX_ERROR_REPORTS);
  });
});

describe('useRemoteLogLevel', () => {
  it("keeps the remote log level under the local 'logging' key", () => {
    const { session } = testSession();
    renderHook(() => useRemoteLogLevel(session, { logLevel: 4 }));
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
