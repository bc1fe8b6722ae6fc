// The framed-environment wait (docs/player.md §Start-up step 2): on chromeos only, wait up to 15 s, polling every
// 100 ms, for the wrapper around the player to answer; on time-out go on without a parent link and log it.
// Elsewhere the player does not wait for a handshake: its bridge connects in the background, and the start-up only
// looks, for a few polls, whether a parent that is already there has answered (a live wrapper answers the first
// ping within milliseconds), so that its auth and capabilities are read before the player registers.

import { FRAMED_ENVIRONMENT_POLL_MS, FRAMED_ENVIRONMENT_WAIT_MS } from '@marquee/protocol';
import type { Logger } from './logger';
import { defaultTimers, type Timers } from './timers';

export const FRAMED_ENVIRONMENT_PLATFORM = 'chromeos';
const FRAMED_ENVIRONMENT_TIMEOUT_MESSAGE = `Framed environment not found in ${FRAMED_ENVIRONMENT_WAIT_MS / 1000} s`;
/** Off chromeos, how long the start-up looks for a parent that already answered: five polls. */
export const FRAMED_PARENT_GRACE_MS = 5 * FRAMED_ENVIRONMENT_POLL_MS;

export interface FramedEnvironmentOptions {
  platform: string;
  /** True once the framed environment is there (e.g. the parent bridge answered). */
  isFramed: () => boolean;
  timers?: Timers;
  logger?: Pick<Logger, 'warn'>;
}

/** Whether the player runs framed: up to 15 s on chromeos (logged on time-out), the short grace elsewhere. */
export function waitForFramedEnvironment(options: FramedEnvironmentOptions): Promise<boolean> {
  const { isFramed, timers = defaultTimers } = options;
  if (isFramed()) return Promise.resolve(true);
  const chromeos = options.platform === FRAMED_ENVIRONMENT_PLATFORM;
  const limit = chromeos ? FRAMED_ENVIRONMENT_WAIT_MS : FRAMED_PARENT_GRACE_MS;
  return new Promise((resolve) => {
    let waited = 0;
    const poll = timers.setInterval(() => {
      waited += FRAMED_ENVIRONMENT_POLL_MS;
      if (isFramed()) {
        timers.clearInterval(poll);
        resolve(true);
      } else if (waited >= limit) {
        timers.clearInterval(poll);
        if (chromeos) options.logger?.warn(FRAMED_ENVIRONMENT_TIMEOUT_MESSAGE);
        resolve(false);
      }
    }, FRAMED_ENVIRONMENT_POLL_MS);
  });
}
