// The periodic sweep (docs/schedules.md §Propagation): every 10 minutes, timelines with less than 72 hours of
// segments left are issued again, and schedules and overrides that ended leave the timelines of their screens. The
// timer is unref'd (it never keeps the process alive) and injected, so tests drive it; a sweep still running when
// the next is due is not doubled.

import { nodeSweepTimers, startPeriodicSweep, type SweepTimers } from '../periodicSweep';
import type { TimelineService } from './timelineService';

export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Starts sweeping; answers the function that stops it. `timers` null: no sweep (the caller sweeps by hand). */
export function startTimelineSweep(
  timelines: TimelineService,
  timers: SweepTimers | null = nodeSweepTimers,
  onError: (error: unknown) => void,
): () => void {
  return startPeriodicSweep(() => timelines.sweep(), SWEEP_INTERVAL_MS, timers, onError);
}
