// The interface the meeting player exposes to its content frame (docs/protocols/bridge.md §Player methods): the
// content player asks it for the app data, the auth and the device entry. The bridge answers only the origin of
// the URL the frame was given, and the auth it hands out leaves the secret out: the secret rotates the player's
// credentials, so a frame holding it could take the screen over (docs/security.md §Bridge).

import { useEffect, useRef, type RefObject } from 'react';
import { createBridge } from '@marquee/bridge';
import { frameOrigin } from '../session/frameOrigin';
import type { MeetSession } from '../session/startMeet';

export function frameApi(session: Pick<MeetSession, 'auth' | 'device' | 'playerId'>, app: () => unknown) {
  return {
    getPairingCode: () => null,
    getAppData: () => (app() as { data?: unknown } | null)?.data ?? null,
    getAuthData: () => {
      const { apiToken, firebaseTokenV2 } = session.auth();
      return { apiToken, firebaseTokenV2, playerId: session.playerId, deviceId: session.device.id };
    },
    getMediaCacheURL: () => null,
    getDeviceInfo: () => session.device,
  };
}

export function useFrameBridge(
  frame: RefObject<HTMLIFrameElement | null>,
  session: MeetSession,
  app: unknown,
  src: string | null,
): void {
  const latest = useRef(app);
  useEffect(() => {
    latest.current = app;
  }, [app]);
  const origin = src === null ? null : frameOrigin(src, window.location.href);
  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (!target || origin === null) return;
    const bridge = createBridge({
      target,
      targetOrigin: origin,
      expose: frameApi(session, () => latest.current),
      onError: (error) => session.logger.debug('frame bridge', (error as Error).message),
    });
    return () => bridge.close();
  }, [frame, session, origin]);
}
