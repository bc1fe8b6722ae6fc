// The health sweep (docs/screen-health.md §The monitor): every 10 s (not minutes: an alert is due within its
// threshold + 30 s), the monitor looks at every screen and then the alert engine acts on what it saw; with several
// nodes, only on the one whose turn it is (sweepingNode.ts). The timer is injected (tests drive it) and unref'd; a
// sweep still running when the next is due is not doubled.

import { nodeSweepTimers, startPeriodicSweep, type SweepTimers } from '../periodicSweep';
import type { HealthMonitor, SweepResult } from './healthMonitor';

export const HEALTH_SWEEP_MS = 10_000;

/** One sweep: the monitor, then `after` (the alert engine) with what it saw. */
export async function sweepHealth(
  monitor: HealthMonitor,
  after: (result: SweepResult) => Promise<void>,
): Promise<void> {
  await after(await monitor.sweep());
}

/**
 * Starts sweeping; answers the function that stops it. `timers` null: no sweep (the caller sweeps by hand). At each
 * tick `sweepsHere` says whether this node sweeps (sweepingNode.ts).
 */
export function startHealthSweep(
  monitor: HealthMonitor,
  after: (result: SweepResult) => Promise<void>,
  timers: SweepTimers | null = nodeSweepTimers,
  onError: (error: unknown) => void,
  sweepsHere: () => Promise<boolean>,
): () => void {
  const tick = async () => {
    if (await sweepsHere()) await sweepHealth(monitor, after);
  };
  return startPeriodicSweep(tick, HEALTH_SWEEP_MS, timers, onError);
}
