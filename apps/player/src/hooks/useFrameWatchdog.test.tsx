import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge } from '@marquee/bridge';
import { BRIDGE_CALL_TIMEOUT_MS, readRuntimeConfig } from '@marquee/protocol';
import { testSession } from '../session/testSession';
import { useFrameWatchdog } from './useFrameWatchdog';
import { useStats } from './useStats';

const START = 1_700_000_000_000;
const PERIOD = 30_000;

beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A frame's bridge that answers while `alive`, else fails the call after the call time-out as the bridge does. */
function frameBridge() {
  const state = { alive: true };
  const bridge = {
    call: () =>
      state.alive
        ? Promise.resolve({ version: 1 })
        : new Promise((_, reject) =>
            setTimeout(() => reject(new Error('call timeout: getContentState')), BRIDGE_CALL_TIMEOUT_MS),
          ),
  } as unknown as Bridge;
  return { state, frame: { current: bridge as Bridge | null } };
}

function watched(config?: Record<string, unknown>) {
  const { session, request } = testSession({
    startedAt: START,
    ...(config ? { config: readRuntimeConfig(config, 'http://s.test') } : {}),
  });
  const warn = vi.spyOn(session.logger, 'warn');
  const { state, frame } = frameBridge();
  const reload = vi.fn();
  const { result, unmount } = renderHook(() => {
    const recoveries = useFrameWatchdog(session, frame, reload);
    useStats(session, frame, true, () => 0, recoveries);
    return recoveries;
  });
  return { state, reload, recoveries: () => result.current(), warn, request, unmount };
}

describe('useFrameWatchdog', () => {
  it('reloads a frame that missed three probes in a row, logs it and counts it in the stats', async () => {
    const { state, reload, recoveries, warn, request } = watched();
    state.alive = false;
    await vi.advanceTimersByTimeAsync(2 * PERIOD + BRIDGE_CALL_TIMEOUT_MS);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PERIOD);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(recoveries()).toBe(1);
    expect(warn).toHaveBeenCalledWith('The content frame did not answer 3 probes in a row: reloaded it', {
      recoveries: 1,
      intervalMs: PERIOD,
    });
    // The reloaded frame answers again: no more reloads, and the next stats report says one recovery.
    state.alive = true;
    await vi.advanceTimersByTimeAsync(10 * PERIOD);
    expect(reload).toHaveBeenCalledTimes(1);
    const reports = request.mock.calls.map((call) => (call[2] as { body: Record<string, unknown> }).body);
    expect(reports[reports.length - 1]).toMatchObject({ frameResponsive: true, frameRecoveries: 1 });
  });

  it('does not reload after two misses when the frame answers the third probe', async () => {
    const { state, reload } = watched();
    state.alive = false;
    await vi.advanceTimersByTimeAsync(2 * PERIOD + BRIDGE_CALL_TIMEOUT_MS);
    state.alive = true;
    await vi.advanceTimersByTimeAsync(PERIOD);
    state.alive = false;
    await vi.advanceTimersByTimeAsync(2 * PERIOD + BRIDGE_CALL_TIMEOUT_MS);
    expect(reload).not.toHaveBeenCalled();
  });

  it('probes at the period of the runtime configuration when a test harness shortened it', async () => {
    const { state, reload } = watched({ frameWatchdogMs: 1000 });
    state.alive = false;
    // One probe out at a time, each silent for 5 s: the third miss comes well within 30 s.
    await vi.advanceTimersByTimeAsync(PERIOD - 1);
    expect(reload).toHaveBeenCalled();
  });
});
