// The periodic sweep (docs/schedules.md §Propagation): every 10 minutes, timelines with less than 72 hours of
// segments left are issued again, and schedules and overrides that ended leave the timelines of their screens. The
// timer is unref'd (it never keeps the process alive) and injected, so tests drive it; a sweep still running when
// the next is due is not doubled.

import type { TimelineService } from './timelineService';

export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface SweepTimers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const nodeTimers: SweepTimers = {
  setInterval(run, ms) {
    const handle = setInterval(run, ms);
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/** Starts sweeping; answers the function that stops it. `timers` null: no sweep (the caller sweeps by hand). */
export function startTimelineSweep(
  timelines: TimelineService,
  timers: SweepTimers | null = nodeTimers,
  onError: (error: unknown) => void,
): () => void {
  if (timers === null) return () => {};
  let running = false;
  const handle = timers.setInterval(() => {
    if (running) return;
    running = true;
    timelines
      .sweep()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, SWEEP_INTERVAL_MS);
  return () => timers.clearInterval(handle);
}
