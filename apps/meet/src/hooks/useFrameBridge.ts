// The interface the meeting player exposes to its content frame (SPEC.md §7 "Window messaging"), on the same
// bridge as the general player: the content player asks it for the app data, the auth and the device entry.

import { useEffect, useRef, type RefObject } from 'react';
import { createBridge } from '@marquee/bridge';
import type { MeetSession } from '../session/startMeet';

export function frameApi(session: Pick<MeetSession, 'auth' | 'device'>, app: () => unknown) {
  return {
    getPairingCode: () => null,
    getAppData: () => (app() as { data?: unknown } | null)?.data ?? null,
    getAuthData: () => session.auth(),
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
  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (!target || src === null) return;
    const bridge = createBridge({
      target,
      targetOrigin: '*',
      allowAnyOrigin: true,
      expose: frameApi(session, () => latest.current),
      onError: (error) => session.logger.debug('frame bridge', (error as Error).message),
    });
    return () => bridge.close();
  }, [frame, session, src]);
}
