// What keeps a meeting-room screen running whatever the start-up gives: the service worker, the wake lock and
// the browser check (skipUnsupportedBrowserCheck in the query turns the check off).

import { useEffect } from 'react';
import { startServiceWorker } from '../session/serviceWorker';
import { useBrowserCheck } from './useBrowserCheck';
import { useWakeLock } from './useWakeLock';

const reload = () => window.location.reload();

export function usePlatformDuties(): void {
  useEffect(
    () =>
      startServiceWorker({
        container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
        base: import.meta.env.BASE_URL,
        reload,
        logger: console,
      }),
    [],
  );
  useWakeLock();
  useBrowserCheck({
    userAgent: navigator.userAgent,
    skipUnsupportedBrowserCheck: new URLSearchParams(window.location.search).has(
      'skipUnsupportedBrowserCheck',
    ),
  });
}
