// The content player's service worker (scope /content/): precaches the built app shell, keeps the page from the
// moment it installs, answers page loads from the network with the last good copy as fallback, and serves uploaded
// media cache-first (Range requests included), so a paired screen keeps playing offline and after a reboot without
// network, from its very first start on. Built on its own as a classic script by the plugin in vite.config.ts,
// which defines __PRECACHE_MANIFEST__.

import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { SERVICE_WORKER_CLAIM_REQUEST } from '@marquee/protocol';
import { MEDIA_CACHE_NAME } from '../player/mediaCache';

declare const __PRECACHE_MANIFEST__: Array<{ url: string; revision: string | null }>;
declare const __BASE__: string;

interface LifecycleEvent {
  waitUntil(promise: Promise<unknown>): void;
}
interface MessageEvent extends LifecycleEvent {
  data: unknown;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: LifecycleEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const PAGES_CACHE = 'marquee-content-pages';
/** Most media files kept: far above a playlist, bounded so a screen's disk never fills with old uploads. */
const MEDIA_MAX_ENTRIES = 300;
const NETWORK_TIMEOUT_SECONDS = 4;

/**
 * The page load that registers the worker went to the network before the worker existed, so nothing kept it: a
 * player restarted offline right after its first start would have no page to show. The page is fetched again and
 * kept now. A failure (the network went away meanwhile) must not fail the install: the next online load keeps it.
 */
async function keepThePage(): Promise<void> {
  const cache = await caches.open(PAGES_CACHE);
  await cache.add(new Request(__BASE__, { cache: 'reload', credentials: 'same-origin' }));
}

worker.addEventListener('install', (event) =>
  event.waitUntil(
    keepThePage()
      .catch(() => {})
      .then(() => worker.skipWaiting()),
  ),
);
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));
// A page the activation's claim missed asks for it (protocol's SERVICE_WORKER_CLAIM_REQUEST).
worker.addEventListener('message', (event) => {
  if (event.data === SERVICE_WORKER_CLAIM_REQUEST) event.waitUntil(worker.clients.claim());
});

cleanupOutdatedCaches();
precacheAndRoute(__PRECACHE_MANIFEST__);

const pages = new NetworkFirst({ cacheName: PAGES_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch (error) {
        // Offline and this exact URL was never loaded: the app is one page, any cached copy of it will do, whatever
        // query string it was loaded with.
        const cache = await caches.open(PAGES_CACHE);
        const anyQuery = { ignoreSearch: true };
        const fallback =
          (await cache.match(__BASE__, anyQuery)) ?? (await cache.match(`${__BASE__}pair`, anyQuery));
        if (fallback !== undefined) return fallback;
        throw error;
      }
    },
    { allowlist: [new RegExp(`^${__BASE__}`)] },
  ),
);

registerRoute(
  ({ url }) => url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: MEDIA_CACHE_NAME,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new RangeRequestsPlugin(),
      new ExpirationPlugin({ maxEntries: MEDIA_MAX_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
);
