// The screen wake lock (docs/meeting-room.md §Wake lock): requested on start and again whenever the page becomes
// visible (the browser releases it when the page is hidden). Unsupported: a warning, and nothing else.

import { useEffect } from 'react';

interface WakeLockLike {
  request(type: 'screen'): Promise<unknown>;
}

export const WAKE_LOCK_UNSUPPORTED_MESSAGE = 'Wake lock unsupported: the screen may sleep';

export function useWakeLock(
  doc: Document = document,
  nav: Navigator = navigator,
  logger: Pick<Console, 'warn'> = console,
): void {
  useEffect(() => {
    const wakeLock = (nav as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    if (!wakeLock) {
      logger.warn(WAKE_LOCK_UNSUPPORTED_MESSAGE);
      return;
    }
    const request = () => {
      wakeLock.request('screen').catch((error: Error) => logger.warn('wake lock refused', error.message));
    };
    const onVisibility = () => {
      if (doc.visibilityState === 'visible') request();
    };
    request();
    doc.addEventListener('visibilitychange', onVisibility);
    return () => doc.removeEventListener('visibilitychange', onVisibility);
  }, [doc, nav, logger]);
}
