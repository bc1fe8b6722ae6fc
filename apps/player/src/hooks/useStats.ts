// The player's runtime stats (docs/player.md §Stats): player-core's schedule (first after a random 10 to 30 s, then
// doubling up to 10 minutes) collecting uptime, heap, the frame's answer, the online/offline time and the content
// watchdog's recoveries, sent to POST /_internal/players/{id}/stats. The online time follows the connection state
// for the whole page load.

import { useEffect, useState, type RefObject } from 'react';
import type { Bridge } from '@marquee/bridge';
import { collectPlayerStats, startStatsReporting, statsPath, trackOnlineTime } from '@marquee/player-core';
import type { PlayerSession } from '../session/startPlayer';

export function useStats(
  session: PlayerSession,
  frame: RefObject<Bridge | null>,
  online: boolean,
  /** Like Math.random: draws the first report's delay (fixed in tests). */
  random?: () => number,
  /** The content watchdog's recoveries (useFrameWatchdog). */
  frameRecoveries?: () => number,
): void {
  const [onlineTime] = useState(() => trackOnlineTime({ startedAt: session.startedAt, online }));
  useEffect(() => onlineTime.set(online), [onlineTime, online]);
  useEffect(
    () =>
      startStatsReporting({
        report: async () =>
          session.http.request('POST', statsPath(session.playerId), {
            body: await collectPlayerStats({
              startedAt: session.startedAt,
              onlineTime,
              frame: () => frame.current,
              performance: window.performance,
              ...(frameRecoveries ? { frameRecoveries } : {}),
            }),
          }),
        random,
      }),
    [session, frame, onlineTime, random, frameRecoveries],
  );
}
