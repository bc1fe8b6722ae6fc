// Uploaded images and videos are fetched whole into the service worker's media cache as soon as a manifest names
// them, so they play offline and after a reboot without network. (A video's own requests are Range requests,
// whose partial answers cannot be cached; the service worker answers them from this full copy.)

import type { Manifest } from './manifest';

export const MEDIA_CACHE_NAME = 'marquee-media';

export async function warmMediaCache(
  manifest: Manifest,
  resolveSrc: (src: string) => string,
  origin: string,
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<string[]> {
  if (storage === undefined) return [];
  const cache = await storage.open(MEDIA_CACHE_NAME);
  const urls = manifest.items
    .filter((item) => item.type !== 'url')
    .map((item) => resolveSrc(item.src))
    .filter((url) => url.startsWith(`${origin}/media/`));
  const added: string[] = [];
  for (const url of new Set(urls)) {
    if ((await cache.match(url)) !== undefined) continue;
    await cache.add(url);
    added.push(url);
  }
  return added;
}
