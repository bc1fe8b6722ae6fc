// Uploaded images and videos are fetched whole into the service worker's media cache ahead of need (the
// manifest's items, and with a timeline those of the next 24 hours: mediaAhead.ts), so they play offline and
// after a reboot without network. (A video's own requests are Range requests, whose partial answers cannot be
// cached; the service worker answers them from this full copy.) What the cache holds decides, offline, which
// items can play at all.

import type { AppDataItem } from '@marquee/protocol';

export const MEDIA_CACHE_NAME = 'marquee-media';

/** The URLs of `items` this app's media cache can hold: uploaded files served by the screen's own server. */
export function cacheableMedia(
  items: readonly AppDataItem[],
  resolveSrc: (src: string) => string,
  origin: string,
): string[] {
  const urls = items
    .filter((item) => item.type !== 'url')
    .map((item) => resolveSrc(item.src))
    .filter((url) => url.startsWith(`${origin}/media/`));
  return [...new Set(urls)];
}

/** Every URL the media cache holds. */
export async function cachedMedia(
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<Set<string>> {
  if (storage === undefined) return new Set();
  const cache = await storage.open(MEDIA_CACHE_NAME);
  return new Set((await cache.keys()).map((request) => request.url));
}

/** Fetches what the cache lacks; one failure does not stop the others. Answers the URLs the cache now holds. */
export async function warmMediaCache(
  urls: readonly string[],
  onFailure: (url: string, error: unknown) => void,
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<string[]> {
  if (storage === undefined) return [];
  const cache = await storage.open(MEDIA_CACHE_NAME);
  const held: string[] = [];
  for (const url of urls) {
    try {
      if ((await cache.match(url)) === undefined) await cache.add(url);
      held.push(url);
    } catch (error) {
      onFailure(url, error);
    }
  }
  return held;
}
