// The framed-environment wait (SPEC.md §4 step 2): on chromeos only, wait up to 15 s, polling every 100 ms, for
// the wrapper around the player to answer; on time-out go on without a parent link and log it.

import { FRAMED_ENVIRONMENT_POLL_MS, FRAMED_ENVIRONMENT_WAIT_MS } from '@marquee/protocol';
import type { Logger } from './logger';
import { defaultTimers, type Timers } from './timers';

export const FRAMED_ENVIRONMENT_PLATFORM = 'chromeos';
export const FRAMED_ENVIRONMENT_TIMEOUT_MESSAGE = `Framed environment not found in ${FRAMED_ENVIRONMENT_WAIT_MS / 1000} s`;

export interface FramedEnvironmentOptions {
  platform: string;
  /** True once the framed environment is there (e.g. the parent bridge answered). */
  isFramed: () => boolean;
  timers?: Timers;
  logger?: Pick<Logger, 'warn'>;
}

/** Whether the player runs framed. Waits only on chromeos; elsewhere answers at once. */
export function waitForFramedEnvironment(options: FramedEnvironmentOptions): Promise<boolean> {
  const { isFramed, timers = defaultTimers } = options;
  if (options.platform !== FRAMED_ENVIRONMENT_PLATFORM || isFramed()) return Promise.resolve(isFramed());
  return new Promise((resolve) => {
    let waited = 0;
    const poll = timers.setInterval(() => {
      waited += FRAMED_ENVIRONMENT_POLL_MS;
      if (isFramed()) {
        timers.clearInterval(poll);
        resolve(true);
      } else if (waited >= FRAMED_ENVIRONMENT_WAIT_MS) {
        timers.clearInterval(poll);
        options.logger?.warn(FRAMED_ENVIRONMENT_TIMEOUT_MESSAGE);
        resolve(false);
      }
    }, FRAMED_ENVIRONMENT_POLL_MS);
  });
}
