// The meeting player's service worker (scope /meet/, docs/meeting-room.md §Service worker). It keeps the player's
// shell, so that a meeting-room screen restarted without network starts and shows its content from the realtime
// client's offline copy: the built files are precached, the page itself is fetched network-first with its last
// good copy as the fallback (it carries the runtime configuration, so it is never precached). It also carries the
// version: a new worker waits until the page tells it to skip waiting; activated, it takes the pages over, whose
// controller change reloads them once. Built on its own as a classic script by tools/viteServiceWorker.ts.

import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const __PRECACHE_MANIFEST__: Array<{ url: string; revision: string | null }>;
declare const __BASE__: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

declare const self: WorkerScope;

const PAGES_CACHE = 'marquee-meet-pages';
/** A page load waits this long for the server before the last good copy answers. */
const NETWORK_TIMEOUT_SECONDS = 4;

cleanupOutdatedCaches();
precacheAndRoute(__PRECACHE_MANIFEST__);

// A copy of the page from the start: the load that installed this worker did not go through it, and a screen may
// lose its network before it loads the page again.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(PAGES_CACHE).then((cache) => cache.add(__BASE__)));
});

const pages = new NetworkFirst({ cacheName: PAGES_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch (error) {
        // Offline, and this exact address (its id, its platform) was never loaded: the page is the same.
        const cache = await caches.open(PAGES_CACHE);
        const fallback = await cache.match(__BASE__, { ignoreSearch: true });
        if (fallback !== undefined) return fallback;
        throw error;
      }
    },
    { allowlist: [new RegExp(`^${__BASE__}`)] },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
});
