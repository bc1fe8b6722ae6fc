import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_CALL_TIMEOUT_MS } from '@marquee/protocol';
import { FRAME_WATCHDOG_INTERVAL_MS, startFrameWatchdog } from './frameWatchdog';
import { probeFrame } from './playerStats';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/**
 * A frame behind the bridge's call: it answers getContentState while `alive`, else the call fails with the bridge's
 * 'call timeout' after the call time-out, as the real bridge's does.
 */
function frame() {
  const state = { alive: true };
  const bridge = {
    call: <T>(): Promise<T> =>
      state.alive
        ? Promise.resolve({ version: 3 } as T)
        : new Promise<T>((_, reject) =>
            setTimeout(() => reject(new Error('call timeout: getContentState')), BRIDGE_CALL_TIMEOUT_MS),
          ),
  };
  return { state, probe: async () => (await probeFrame(bridge)).frameResponsive };
}

function watch() {
  const { state, probe } = frame();
  const recovered: Array<{ at: number; count: number }> = [];
  const start = Date.now();
  const watchdog = startFrameWatchdog({
    probe,
    recover: (count) => recovered.push({ at: Date.now() - start, count }),
  });
  return { state, recovered, watchdog };
}

const periods = (n: number) => vi.advanceTimersByTimeAsync(n * FRAME_WATCHDOG_INTERVAL_MS);

describe('the content watchdog', () => {
  it('leaves a frame alone after two missed answers, and reloads it at the third', async () => {
    const { state, recovered, watchdog } = watch();
    state.alive = false;
    await periods(2);
    await vi.advanceTimersByTimeAsync(BRIDGE_CALL_TIMEOUT_MS);
    expect(recovered).toEqual([]);
    await periods(1);
    // The third probe, sent at 90 s, times out 5 s later.
    expect(recovered).toEqual([{ at: 3 * FRAME_WATCHDOG_INTERVAL_MS + BRIDGE_CALL_TIMEOUT_MS, count: 1 }]);
    expect(watchdog.recoveries()).toBe(1);
    watchdog.stop();
  });

  it('starts counting again after an answer', async () => {
    const { state, recovered, watchdog } = watch();
    state.alive = false;
    await periods(2);
    state.alive = true;
    await periods(1);
    state.alive = false;
    await periods(2);
    await vi.advanceTimersByTimeAsync(BRIDGE_CALL_TIMEOUT_MS);
    expect(recovered).toEqual([]);
    await periods(1);
    expect(recovered).toHaveLength(1);
    watchdog.stop();
  });

  it('counts every recovery of a frame that stays silent, and never reloads a frame that answers', async () => {
    const { state, recovered, watchdog } = watch();
    await periods(20);
    expect(recovered).toEqual([]);
    state.alive = false;
    await periods(9);
    await vi.advanceTimersByTimeAsync(BRIDGE_CALL_TIMEOUT_MS);
    expect(recovered.map((recovery) => recovery.count)).toEqual([1, 2, 3]);
    expect(watchdog.recoveries()).toBe(3);
    watchdog.stop();
    await periods(10);
    expect(recovered).toHaveLength(3);
  });

  it('takes a shortened period (the runtime setting a test harness uses)', async () => {
    const { state, probe } = frame();
    state.alive = false;
    const recover = vi.fn();
    const watchdog = startFrameWatchdog({ probe, recover, intervalMs: 1000 });
    // Probes every second; each fails 5 s after it was sent and one at a time.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(recover).toHaveBeenCalled();
    watchdog.stop();
  });
});
