import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge } from '@marquee/bridge';
import { testSession } from '../session/testSession';
import { useStats } from './useStats';

const START = 1_700_000_000_000;

beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useStats', () => {
  it('reports after the drawn delay, then after twice as long, with the online and offline time', async () => {
    const { session, request } = testSession({ startedAt: START });
    const frame = { current: null as Bridge | null };
    const lowestDraw = () => 0;
    const { rerender, unmount } = renderHook(({ online }) => useStats(session, frame, online, lowestDraw), {
      initialProps: { online: true },
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(request).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(request).toHaveBeenCalledWith('POST', '/_internal/players/p1/stats', {
      body: {
        uptime: 10,
        heap: null, // jsdom has no performance.memory
        frameResponsive: false, // no frame yet
        contentVersion: null,
        onlineSeconds: 10,
        offlineSeconds: 0,
      },
    });

    await vi.advanceTimersByTimeAsync(5_000);
    rerender({ online: false });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(request).toHaveBeenCalledTimes(2);
    expect(request.mock.calls[1]?.[2]).toMatchObject({
      body: { uptime: 30, onlineSeconds: 15, offlineSeconds: 15 },
    });

    unmount();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(request).toHaveBeenCalledTimes(2);
  });
});
