// The daily restart scheduler (docs/player.md §Settings): when daily restart is on, restart at the chosen hour slot
// (in the device's IANA time zone) plus a random 0–59 minutes, so the slot '04:00am' restarts between 4:00 and 4:59
// as its label '4:00am - 4:59am' says. The instant comes from protocol's nextRestartTime; re-armed after each run.

import { DAILY_RESTART_BASE_TIME, DAILY_RESTART_RANDOM_MINUTES, nextRestartTime } from '@marquee/protocol';
import type { Logger } from './logger';
import { defaultTimers, systemClock, type Clock, type Timers } from './timers';

export interface DailyRestartScheduleOptions {
  timezone: string;
  /** A slot value such as '04:00am'; default '4:00am' (docs/player.md §Settings). */
  slot?: string | null;
  restart: () => void;
  clock?: Clock;
  random?: () => number;
  timers?: Timers;
  logger?: Pick<Logger, 'info' | 'warn'>;
}

/** Arms the restart; returns the function that cancels it. */
export function scheduleDailyRestart(options: DailyRestartScheduleOptions): () => void {
  const clock = options.clock ?? systemClock;
  const timers = options.timers ?? defaultTimers;
  let handle: unknown;
  const arm = () => {
    let at: number;
    try {
      at = nextRestartTime(
        {
          timezone: options.timezone,
          nextRestartBaseTimeTarget: options.slot || DAILY_RESTART_BASE_TIME,
          randomMinutesRange: DAILY_RESTART_RANDOM_MINUTES,
        },
        { now: clock(), random: options.random ?? Math.random },
      );
    } catch (error) {
      options.logger?.warn('daily restart not scheduled', (error as Error).message);
      return;
    }
    options.logger?.info('daily restart scheduled', new Date(at).toISOString());
    handle = timers.setTimeout(() => {
      options.restart();
      arm();
    }, at - clock());
  };
  arm();
  return () => timers.clearTimeout(handle);
}
