import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useWakeLock, WAKE_LOCK_UNSUPPORTED_MESSAGE } from './useWakeLock';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useWakeLock', () => {
  it('requests the screen lock on start and on every return to visible', () => {
    const request = vi.fn(async () => ({}));
    const nav = { wakeLock: { request } } as unknown as Navigator;
    const { unmount } = renderHook(() => useWakeLock(document, nav, console));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('screen');
    setVisibility('hidden');
    expect(request).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    expect(request).toHaveBeenCalledTimes(2);
    unmount();
    setVisibility('visible');
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('warns and skips when unsupported', () => {
    const logger = { warn: vi.fn() };
    renderHook(() => useWakeLock(document, {} as Navigator, logger));
    expect(logger.warn).toHaveBeenCalledWith(WAKE_LOCK_UNSUPPORTED_MESSAGE);
  });
});
