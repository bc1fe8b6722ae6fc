// Sweep timers a test drives by hand (apps/server/src/periodicSweep.ts): each scheduled sweep is kept with its
// interval, and `run()` answers a promise settled when that run is over, so a test awaits whole runs.

import type { SweepTimers } from '../../src/periodicSweep';

export interface ScheduledSweep {
  run: () => Promise<void>;
  ms: number;
}

export function handDrivenSweepTimers(): { timers: SweepTimers; runs: ScheduledSweep[] } {
  const runs: ScheduledSweep[] = [];
  const timers: SweepTimers = {
    setInterval: (run, ms) => runs.push({ run, ms }),
    clearInterval: () => {},
  };
  return { timers, runs };
}
