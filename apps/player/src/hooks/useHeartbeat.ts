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

/** The version a contentApplied event carries, if it is one. */
function versionOf(event: Event): number | null {
  const version: unknown = (event as CustomEvent<{ version?: unknown } | null>).detail?.version;
  return typeof version === 'number' && Number.isSafeInteger(version) && version > 0 ? version : null;
}

/**
 * Beats at once with the version last known: a beat never waits on the frame (at start it is not even loaded).
 * Each beat also asks the frame in the background, so the next one carries its answer; a new version the frame
 * announces is sent at once.
 */
export function useHeartbeat(
  session: PlayerSession,
  ip: string | null,
  frame: RefObject<Bridge | null>,
  /** Dispatches CONTENT_APPLIED_EVENT (detail {version}) when the frame applies a new version. */
  contentApplied: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null = null,
): void {
  const ipRef = useRef(ip);
  ipRef.current = ip;
  useEffect(() => {
    let applied: number | null = null;
    const refresh = () =>
      void probeFrame(frame.current).then(({ frameResponsive, contentVersion }) => {
        // A silent frame says nothing; one that answers without a version (the pairing page) has none.
        if (frameResponsive) applied = contentVersion;
      });
    return startHeartbeat({
      send: () => {
        refresh();
        return session.http.request('POST', heartbeatPath(session.playerId), {
          body: heartbeatBody(session, Date.now(), ipRef.current, applied),
        });
      },
      events: window,
      beatOn: (beat) => {
        const onApplied = (event: Event) => {
          applied = versionOf(event) ?? applied;
          beat();
        };
        contentApplied?.addEventListener(CONTENT_APPLIED_EVENT, onApplied);
        return () => contentApplied?.removeEventListener(CONTENT_APPLIED_EVENT, onApplied);
      },
    });
  }, [session, frame, contentApplied]);
}
