// The content service worker keeps the app shell and media for offline play (serviceWorker.ts); both entry pages
// (the content page and the pairing page) register it.

import { SERVICE_WORKER_CLAIM_REQUEST, SERVICE_WORKER_SCRIPT } from '@marquee/protocol';

export function registerContentWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  container
    .register(`${import.meta.env.BASE_URL}${SERVICE_WORKER_SCRIPT}`, { scope: import.meta.env.BASE_URL })
    .catch((error: unknown) => console.warn('[marquee content] service worker not registered:', error));
  // Once a worker is active for this scope, a page it does not control asks to be claimed (protocol's SERVICE_WORKER_CLAIM_REQUEST).
  void container.ready.then((registration) => {
    if (container.controller === null) registration.active?.postMessage(SERVICE_WORKER_CLAIM_REQUEST);
  });
}
