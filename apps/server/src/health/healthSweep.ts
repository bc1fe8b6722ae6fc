// The health sweep of a node (docs/screen-health.md §The monitor): every 10 s (not minutes: an alert is due within
// its threshold + 30 s), the monitor looks at every screen and then the alert engine acts on what it saw. The
// timer is injected (tests drive it) and unref'd; a sweep still running when the next is due is not doubled.

import type { SweepTimers } from '../timelines/timelineSweep';
import type { HealthMonitor, SweepResult } from './healthMonitor';

export const HEALTH_SWEEP_MS = 10_000;

const nodeTimers: SweepTimers = {
  setInterval(run, ms) {
    const handle = setInterval(run, ms);
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/** One sweep: the monitor, then `after` (the alert engine) with what it saw. */
export async function sweepHealth(
  monitor: HealthMonitor,
  after: (result: SweepResult) => Promise<void>,
): Promise<void> {
  await after(await monitor.sweep());
}

/** Starts sweeping; answers the function that stops it. `timers` null: no sweep (the caller sweeps by hand). */
export function startHealthSweep(
  monitor: HealthMonitor,
  after: (result: SweepResult) => Promise<void>,
  timers: SweepTimers | null = nodeTimers,
  onError: (error: unknown) => void,
): () => void {
  if (timers === null) return () => {};
  let running = false;
  const handle = timers.setInterval(() => {
    if (running) return;
    running = true;
    sweepHealth(monitor, after)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, HEALTH_SWEEP_MS);
  return () => timers.clearInterval(handle);
}
