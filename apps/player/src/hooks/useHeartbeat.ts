// The heartbeat (docs/protocols/player-api.md §Heartbeat): on start, every minute and on 'online', with what the
// studio shows.

import { useEffect, useRef } from 'react';
import { heartbeatPath, startHeartbeat, type HeartbeatBody } from '@marquee/player-core';
import type { PlayerSession } from '../session/startPlayer';

export function heartbeatBody(session: PlayerSession, now: number, ip: string | null): HeartbeatBody {
  return {
    uptime: Math.max(0, Math.floor((now - session.startedAt) / 1000)),
    ip,
    platform: session.platform,
    version: session.config.version,
  };
}

export function useHeartbeat(session: PlayerSession, ip: string | null): void {
  const ipRef = useRef(ip);
  ipRef.current = ip;
  useEffect(
    () =>
      startHeartbeat({
        send: () =>
          session.http.request('POST', heartbeatPath(session.playerId), {
            body: heartbeatBody(session, Date.now(), ipRef.current),
          }),
        events: window,
      }),
    [session],
  );
}
