// The fallback reachability check (docs/player.md §Connection states): when the database says disconnected, GET
// online.txt with a cache-busting timestamp and a 5 s time-out; a status from 200 to 399 counts as online. Any
// failure is offline, with a console warning.

import {
  REACHABILITY_ONLINE_STATUS_MAX,
  REACHABILITY_ONLINE_STATUS_MIN,
  REACHABILITY_TIMEOUT_MS,
} from '@marquee/protocol';
import type { Logger } from './logger';
import { defaultTimers, systemClock, type Clock, type Timers } from './timers';

export interface ReachabilityOptions {
  /** The online.txt URL, e.g. `${apiUrl}/online.txt`. */
  url: string;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  clock?: Clock;
  timers?: Timers;
  logger?: Pick<Logger, 'warn'>;
}

export async function checkReachability(options: ReachabilityOptions): Promise<boolean> {
  const doFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const timers = options.timers ?? defaultTimers;
  const clock = options.clock ?? systemClock;
  const controller = new AbortController();
  const separator = options.url.includes('?') ? '&' : '?';
  let timer: unknown;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = timers.setTimeout(() => {
      controller.abort();
      reject(new Error('reachability check timed out'));
    }, REACHABILITY_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([
      doFetch(`${options.url}${separator}t=${clock()}`, { cache: 'no-store', signal: controller.signal }),
      timeout,
    ]);
    return (
      response.status >= REACHABILITY_ONLINE_STATUS_MIN && response.status <= REACHABILITY_ONLINE_STATUS_MAX
    );
  } catch (error) {
    options.logger?.warn('reachability check failed: offline', (error as Error).message);
    return false;
  } finally {
    timers.clearTimeout(timer);
  }
}
