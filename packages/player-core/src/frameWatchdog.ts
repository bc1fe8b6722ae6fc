// The content watchdog (docs/player.md §Content watchdog): the player asks its content frame what it shows every
// FRAME_WATCHDOG_INTERVAL_MS, through the same probe as the stats (probeFrame: an answer within the bridge's call
// time-out, even an error, means the frame's page runs). FRAME_WATCHDOG_MISSES silent probes in a row and the frame
// is reloaded; every recovery is counted for the stats. A probe still out when the next is due counts as nothing:
// the call time-out (5 s) is far below the period.

import { defaultTimers, type TimerHandle, type Timers } from './timers';

export const FRAME_WATCHDOG_INTERVAL_MS = 30_000;
export const FRAME_WATCHDOG_MISSES = 3;

export interface FrameWatchdogOptions {
  /** Whether the frame answered one probe. */
  probe(): Promise<boolean>;
  /** Reloads the frame; `recoveries` counts this one. */
  recover(recoveries: number): void;
  timers?: Timers;
  intervalMs?: number;
}

export interface FrameWatchdog {
  /** Recoveries since it started. */
  recoveries(): number;
  stop(): void;
}

export function startFrameWatchdog({
  probe,
  recover,
  timers = defaultTimers,
  intervalMs = FRAME_WATCHDOG_INTERVAL_MS,
}: FrameWatchdogOptions): FrameWatchdog {
  let misses = 0;
  let recoveries = 0;
  let probing = false;
  let stopped = false;

  const check = () => {
    if (probing) return;
    probing = true;
    probe()
      .catch(() => false)
      .then((answered) => {
        probing = false;
        if (stopped) return;
        if (answered) {
          misses = 0;
          return;
        }
        misses += 1;
        if (misses < FRAME_WATCHDOG_MISSES) return;
        misses = 0;
        recoveries += 1;
        recover(recoveries);
      })
      .catch(() => {});
  };

  const interval: TimerHandle = timers.setInterval(check, intervalMs);
  return {
    recoveries: () => recoveries,
    stop() {
      stopped = true;
      timers.clearInterval(interval);
    },
  };
}
