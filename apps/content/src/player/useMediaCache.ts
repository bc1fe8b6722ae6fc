// Keeps the media the screen may need in the cache and knows what the cache holds: warmed when a manifest
// arrives, at every boundary (the 24-hour window has moved on) and when the network comes back.

import { useEffect, useRef, useState } from 'react';
import type { Clock } from '@marquee/protocol';
import type { Manifest } from './manifest';
import { itemsAhead } from './mediaAhead';
import { cacheableMedia, cachedMedia, warmMediaCache } from './mediaCache';

export interface MediaCacheOptions {
  manifest: Manifest | null;
  /** Changes at every boundary (the start of the segment showing). */
  moment: number | null;
  online: boolean;
  now: Clock;
  resolveSrc(src: string): string;
  origin: string;
  report(message: string): void;
}

/** The URLs the media cache holds; null until it has been read. */
export function useMediaCache({
  manifest,
  moment,
  online,
  now,
  resolveSrc,
  origin,
  report,
}: MediaCacheOptions): ReadonlySet<string> | null {
  const [cached, setCached] = useState<ReadonlySet<string> | null>(null);
  // One warm-up at a time: two at once would both find a file missing and fetch it twice.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    let live = true;
    cachedMedia().then(
      (held) => live && setCached((current) => new Set([...held, ...(current ?? [])])),
      (error: unknown) => {
        report(`The media cache cannot be read: ${String(error)}`);
        if (live) setCached((current) => current ?? new Set());
      },
    );
    return () => {
      live = false;
    };
  }, [report]);

  useEffect(() => {
    if (manifest === null || !online) return;
    const urls = cacheableMedia(itemsAhead(manifest, now()), resolveSrc, origin);
    const warm = () =>
      warmMediaCache(urls, (url, error) =>
        report(`Media not cached for offline play: ${url} (${String(error)})`),
      );
    queue.current = queue.current.then(warm).then(
      // Kept even when a later warm-up has started: what the cache holds stays true.
      (held) =>
        setCached((current) =>
          held.every((url) => current?.has(url)) ? current : new Set([...(current ?? []), ...held]),
        ),
      (error: unknown) => report(`Media not cached for offline play: ${String(error)}`),
    );
  }, [manifest, moment, online, now, resolveSrc, origin, report]);

  return cached;
}
