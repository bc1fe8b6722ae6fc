// When the player reports its stats (docs/player.md §Stats): first after a random 10 to 30 s, so a fleet that
// restarts together does not report together, then at intervals that double, up to 10 minutes, and stay there.
// The next report is armed once the previous one has settled, so a slow network never stacks reports up.

import {
  STATS_FIRST_REPORT_MAX_MS,
  STATS_FIRST_REPORT_MIN_MS,
  STATS_REPORT_INTERVAL_GROWTH,
  STATS_REPORT_MAX_INTERVAL_MS,
} from '@marquee/protocol';
import { defaultTimers, type TimerHandle, type Timers } from './timers';

/** The delay of the first report for a draw of `random` (like Math.random; out-of-range draws are clamped). */
export function firstStatsDelay(random: () => number): number {
  const draw = Math.min(Math.max(random(), 0), 1);
  const spread = STATS_FIRST_REPORT_MAX_MS - STATS_FIRST_REPORT_MIN_MS;
  return STATS_FIRST_REPORT_MIN_MS + Math.round((Number.isNaN(draw) ? 0 : draw) * spread);
}

/** The interval after one of `previous` ms. */
export function nextStatsDelay(previous: number): number {
  return Math.min(previous * STATS_REPORT_INTERVAL_GROWTH, STATS_REPORT_MAX_INTERVAL_MS);
}

export interface StatsScheduleOptions {
  /** Collects and sends one report; a failure is left to the caller's logging, the schedule goes on. */
  report: () => Promise<unknown>;
  timers?: Timers;
  /** Like Math.random: draws the first delay. */
  random?: () => number;
}

/** Starts the schedule; returns the function that stops it (no timer is left behind). */
export function startStatsReporting({
  report,
  timers = defaultTimers,
  random = Math.random,
}: StatsScheduleOptions): () => void {
  let stopped = false;
  let timer: TimerHandle | null = null;
  const arm = (delay: number) => {
    timer = timers.setTimeout(() => {
      timer = null;
      void Promise.resolve()
        .then(report)
        .catch(() => {})
        .then(() => {
          if (!stopped) arm(nextStatsDelay(delay));
        });
    }, delay);
  };
  arm(firstStatsDelay(random));
  return () => {
    stopped = true;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
}
