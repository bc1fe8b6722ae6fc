// The bridge to the content frame (docs/protocols/bridge.md §Player methods): the player exposes
// getPairingCode, getAppData, getAuthData, getMediaCacheURL and getDeviceInfo, and emits 'pairingCode' and
// 'appData' when they change; it calls the frame's setMute, screenshot and updateDeviceInfo for commands, and
// hears the frame's 'contentApplied' (a new app/data version in effect: docs/player.md §Heartbeat).

import { useEffect, useRef, type RefObject } from 'react';
import { createBridge, type Bridge, type ExposedApi } from '@marquee/bridge';
import { callParent } from '@marquee/player-core';
import type { PlayerSession } from '../session/startPlayer';

export interface FrameValues {
  pairingCode: string | null | undefined;
  appData: unknown;
  getDeviceRecord: () => unknown;
  /** The frame applied a new app/data version (its event's data: {version}). */
  onContentApplied?: (data: unknown) => void;
  /** A pairing code went to the frame (getPairingCode answered one): the code is about to be on screen. */
  onCodeServed?: () => void;
}

export function frameOrigin(url: string): string {
  try {
    return new URL(url, location.href).origin;
  } catch {
    return location.origin;
  }
}

/**
 * What the player exposes to its frame. getPairingCode waits while the code is not known yet (first start), within
 * the caller's call time-out; getAuthData leaves the secret out (only the credentials rotation needs it).
 */
export function frameApi(
  session: PlayerSession,
  values: () => FrameValues,
  waiters: Array<(code: string | null) => void>,
): ExposedApi {
  return {
    getPairingCode: () => {
      const served = (code: string | null) => {
        if (code !== null) values().onCodeServed?.();
        return code;
      };
      const code = values().pairingCode;
      return code !== undefined
        ? served(code)
        : new Promise<string | null>((resolve) => waiters.push(resolve)).then(served);
    },
    getAppData: () => values().appData ?? null,
    getAuthData: () => {
      const { apiToken, firebaseTokenV2 } = session.auth();
      return { apiToken, firebaseTokenV2, playerId: session.playerId, deviceId: session.deviceId };
    },
    getMediaCacheURL: () =>
      session.capabilities.media_cache ? callParent<string>(session.parent, 'getMediaCacheURL') : null,
    getDeviceInfo: () => values().getDeviceRecord(),
  };
}

export function useFrameBridge(
  session: PlayerSession,
  frame: RefObject<HTMLIFrameElement | null>,
  frameUrl: string,
  values: FrameValues,
  /** Raised when the frame element is re-mounted (the content watchdog's reload): the bridge follows the new one. */
  frameKey = 0,
): RefObject<Bridge | null> {
  const bridge = useRef<Bridge | null>(null);
  const latest = useRef(values);
  const waiters = useRef<Array<(code: string | null) => void>>([]);
  useEffect(() => {
    latest.current = values;
    if (values.pairingCode !== undefined) {
      for (const resolve of waiters.current.splice(0)) resolve(values.pairingCode);
    }
  });

  const origin = frameOrigin(frameUrl);
  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    const created = createBridge({
      target,
      targetOrigin: origin,
      onError: (error) => session.logger.debug('frame bridge', (error as Error).message),
      expose: frameApi(session, () => latest.current, waiters.current),
    });
    bridge.current = created;
    const offApplied = created.on('contentApplied', (data) => latest.current.onContentApplied?.(data));
    return () => {
      offApplied();
      created.close();
      if (bridge.current === created) bridge.current = null;
    };
  }, [session, frame, origin, frameKey]);

  useEffect(() => {
    if (values.pairingCode !== undefined) bridge.current?.emit('pairingCode', values.pairingCode);
  }, [values.pairingCode]);
  useEffect(() => {
    if (values.appData !== undefined) bridge.current?.emit('appData', values.appData ?? null);
  }, [values.appData]);
  return bridge;
}
