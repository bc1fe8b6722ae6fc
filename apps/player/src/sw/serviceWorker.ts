// The player's service worker (scope '/'): keeps the player shell (index.html as the server served it, with its
// runtime configuration, and the built files) so a paired player reloads without network; and answers the
// multiple-tab check (docs/player.md §Multiple tabs): it counts the windows showing the player and, when there is
// more than one, tells each of them. The content player has its own worker under /content/.

import { SERVICE_WORKER_CLAIM_REQUEST } from '@marquee/protocol';
import { MULTIPLE_TABS_MESSAGE, CHECK_MULTIPLE_TABS_MESSAGE, isPlayerPath } from './messages';

// The worker's own types, declared here: the WebWorker library cannot share a program with the DOM one.
interface WorkerClient {
  url: string;
  postMessage(message: unknown): void;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WorkerClient[]>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

declare const self: WorkerScope;
declare const __SHELL_FILES__: string[];

const CACHE = 'marquee-player-shell-v1';
const NETWORK_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(['/', ...__SHELL_FILES__.filter((file) => file !== '/index.html')]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('marquee-player-shell-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function withTimeout(request: Request): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('network timeout')), NETWORK_TIMEOUT_MS);
    fetch(request).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function networkFirst(request: Request, cacheKey: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await withTimeout(request);
    if (response.ok) await cache.put(cacheKey, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(cacheKey);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && isPlayerPath(url.pathname)) {
    event.respondWith(networkFirst(request, '/'));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (__SHELL_FILES__.includes(url.pathname)) {
    event.respondWith(networkFirst(request, url.pathname));
  }
});

self.addEventListener('message', (event) => {
  // A page the activation's claim missed asks for it (protocol's SERVICE_WORKER_CLAIM_REQUEST).
  if (event.data === SERVICE_WORKER_CLAIM_REQUEST) {
    event.waitUntil(self.clients.claim());
    return;
  }
  const data = event.data as { type?: unknown } | null;
  if (data?.type !== CHECK_MULTIPLE_TABS_MESSAGE) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const players = clients.filter((client) => isPlayerPath(new URL(client.url).pathname));
      const count = players.length;
      event.ports[0]?.postMessage({ type: MULTIPLE_TABS_MESSAGE, count });
      if (count > 1) for (const client of players) client.postMessage({ type: MULTIPLE_TABS_MESSAGE, count });
    }),
  );
});
