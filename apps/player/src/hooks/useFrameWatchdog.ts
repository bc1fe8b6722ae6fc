// The content watchdog (docs/player.md §Content watchdog), player-core's frameWatchdog over the frame's bridge:
// the same getContentState probe the stats make, every 30 s (frameWatchdogMs in the runtime configuration when a
// test harness shortened it). Three silent probes in a row and `reload` re-mounts the frame; each recovery is
// logged (the logger ships warnings to the server) and counted for the stats.

import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { Bridge } from '@marquee/bridge';
import {
  FRAME_WATCHDOG_INTERVAL_MS,
  FRAME_WATCHDOG_MISSES,
  probeFrame,
  startFrameWatchdog,
} from '@marquee/player-core';
import type { Timers } from '@marquee/protocol';
import type { PlayerSession } from '../session/startPlayer';

export function useFrameWatchdog(
  session: PlayerSession,
  frame: RefObject<Bridge | null>,
  reload: () => void,
  timers?: Timers,
): () => number {
  const recoveries = useRef(0);
  const reloadFrame = useRef(reload);
  useEffect(() => {
    reloadFrame.current = reload;
  }, [reload]);
  const intervalMs = session.config.frameWatchdogMs ?? FRAME_WATCHDOG_INTERVAL_MS;

  useEffect(() => {
    const watchdog = startFrameWatchdog({
      probe: async () => (await probeFrame(frame.current)).frameResponsive,
      recover: () => {
        recoveries.current += 1;
        session.logger.warn(
          `The content frame did not answer ${FRAME_WATCHDOG_MISSES} probes in a row: reloaded it`,
          { recoveries: recoveries.current, intervalMs },
        );
        reloadFrame.current();
      },
      intervalMs,
      ...(timers ? { timers } : {}),
    });
    return () => watchdog.stop();
  }, [session, frame, intervalMs, timers]);

  return useCallback(() => recoveries.current, []);
}
