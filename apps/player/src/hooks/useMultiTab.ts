// The multiple-tab check (docs/player.md §Multiple tabs): skipped for the exempt organisations; otherwise the
// service worker counts the windows showing the player and, when there is more than one, the persistent warning
// shows.

import { useEffect, useState } from 'react';
import { decodeApiToken } from '@marquee/protocol';
import { CHECK_MULTIPLE_TABS_MESSAGE, MULTIPLE_TABS_MESSAGE } from '../sw/messages';
import type { PlayerSession } from '../session/startPlayer';

export function isExemptOrg(apiToken: string, exemptOrgs: readonly string[]): boolean {
  try {
    const { orgId } = decodeApiToken(apiToken);
    return orgId !== null && exemptOrgs.includes(orgId);
  } catch {
    return false;
  }
}

export function useMultiTab(
  session: PlayerSession,
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): boolean {
  const [multiple, setMultiple] = useState(false);
  useEffect(() => {
    if (container === undefined) {
      session.logger.warn('service worker unsupported: multiple-tab check skipped');
      return;
    }
    if (isExemptOrg(session.auth().apiToken, session.config.exemptOrgs)) return;
    let stopped = false;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; count?: unknown } | null;
      if (
        !stopped &&
        data?.type === MULTIPLE_TABS_MESSAGE &&
        typeof data.count === 'number' &&
        data.count > 1
      ) {
        setMultiple(true);
      }
    };
    container.addEventListener('message', onMessage);
    void container.ready.then((registration) => {
      if (stopped) return;
      const channel = new MessageChannel();
      channel.port1.onmessage = onMessage;
      registration.active?.postMessage({ type: CHECK_MULTIPLE_TABS_MESSAGE }, [channel.port2]);
    });
    return () => {
      stopped = true;
      container.removeEventListener('message', onMessage);
    };
  }, [session, container]);
  return multiple;
}
