// The meeting player's service worker, page side (docs/meeting-room.md §Service worker): registered from
// 'service-worker.js'; a found update is told to skip waiting (after the 200 ms waiting notice); the page reloads
// once on a controller change or a worker message with action 'reload'; an update check at start and hourly.

import {
  SERVICE_WORKER_SCRIPT,
  SERVICE_WORKER_UPDATE_CHECK_INTERVAL_MS,
  SERVICE_WORKER_WAITING_NOTICE_DELAY_MS,
} from '@marquee/protocol';
import { defaultTimers, type Timers } from '@marquee/player-core';

const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;
export const SERVICE_WORKER_UNSUPPORTED_MESSAGE = 'Service worker unsupported: updates are not kept';

interface ServiceWorkerOptions {
  container: ServiceWorkerContainer | undefined;
  /** The page's base path, '/meet/'. */
  base: string;
  reload: () => void;
  logger: Pick<Console, 'warn' | 'info'>;
  timers?: Timers;
}

/** Registers and watches the worker; returns the function that stops the hourly check and the listeners. */
export function startServiceWorker({
  container,
  base,
  reload,
  logger,
  timers = defaultTimers,
}: ServiceWorkerOptions) {
  if (!container) {
    logger.warn(SERVICE_WORKER_UNSUPPORTED_MESSAGE);
    return () => {};
  }
  let reloaded = false;
  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { action?: unknown } | null)?.action === 'reload') reloadOnce();
  };
  container.addEventListener('controllerchange', reloadOnce);
  container.addEventListener('message', onMessage);

  const pending: unknown[] = [];
  const skipWaiting = (worker: ServiceWorker | null) => {
    if (!worker) return;
    pending.push(
      timers.setTimeout(() => {
        logger.info('a new version is waiting: activating it');
        worker.postMessage(SKIP_WAITING_MESSAGE);
      }, SERVICE_WORKER_WAITING_NOTICE_DELAY_MS),
    );
  };
  let interval: unknown;
  container.register(`${base}${SERVICE_WORKER_SCRIPT}`, { scope: base }).then(
    (registration) => {
      // Only an update waits: the first worker activates by itself and controls the next load.
      if (registration.waiting && container.controller) skipWaiting(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && container.controller) skipWaiting(installing);
        });
      });
      const check = () =>
        registration.update().catch((error: Error) => logger.warn('update check', error.message));
      void check();
      interval = timers.setInterval(check, SERVICE_WORKER_UPDATE_CHECK_INTERVAL_MS);
    },
    (error: Error) => logger.warn('service worker not registered', error.message),
  );
  return () => {
    timers.clearInterval(interval);
    for (const timer of pending) timers.clearTimeout(timer);
    container.removeEventListener('controllerchange', reloadOnce);
    container.removeEventListener('message', onMessage);
  };
}
