// The heartbeat (docs/protocols/player-api.md §Heartbeat): on start, every minute, on 'online' and whenever the
// content frame applies a new content version, with what the studio shows: the status, the device's time zone and
// the app/data version the frame answers it has applied (docs/player.md §Heartbeat).

import { useEffect, useRef, type RefObject } from 'react';
import type { Bridge } from '@marquee/bridge';
import {
  deviceTimeZone,
  heartbeatPath,
  probeFrame,
  startHeartbeat,
  type HeartbeatBody,
} from '@marquee/player-core';
import type { PlayerSession } from '../session/startPlayer';

/** What the frame dispatches on `applied` (useFrameBridge's contentApplied event). */
export const CONTENT_APPLIED_EVENT = 'applied';

export function heartbeatBody(
  session: PlayerSession,
  now: number,
  ip: string | null,
  contentVersion: number | null = null,
  timezone: string | null = deviceTimeZone(),
): HeartbeatBody {
  return {
    uptime: Math.max(0, Math.floor((now - session.startedAt) / 1000)),
    ip,
    platform: session.platform,
    version: session.config.version,
    ...(timezone === null ? {} : { timezone }),
    ...(contentVersion === null ? {} : { contentVersion }),
  };
}

export function useHeartbeat(
  session: PlayerSession,
  ip: string | null,
  frame: RefObject<Bridge | null>,
  /** Dispatches CONTENT_APPLIED_EVENT when the frame applies a new version. */
  contentApplied: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null = null,
): void {
  const ipRef = useRef(ip);
  ipRef.current = ip;
  useEffect(
    () =>
      startHeartbeat({
        send: async () => {
          const { contentVersion } = await probeFrame(frame.current);
          return session.http.request('POST', heartbeatPath(session.playerId), {
            body: heartbeatBody(session, Date.now(), ipRef.current, contentVersion),
          });
        },
        events: window,
        beatOn: (beat) => {
          contentApplied?.addEventListener(CONTENT_APPLIED_EVENT, beat);
          return () => contentApplied?.removeEventListener(CONTENT_APPLIED_EVENT, beat);
        },
      }),
    [session, frame, contentApplied],
  );
}
