// A feed app's feed as the screen shows it (docs/layouts.md §Feeds): the server's cleaned copy at `src`, fetched on
// start and every few minutes, checked against CleanFeedSchema, and kept in localStorage for a reload without the
// network. A failed fetch, an invalid answer or an empty one (the server has no good copy yet) never replaces a copy
// the screen already has; while the screen has nothing to show it asks again sooner.

import { useEffect, useState } from 'react';
import { CleanFeedSchema, defaultTimers, type CleanFeed, type Timers } from '@marquee/protocol';
import { storeFeed, storedFeed } from './feedStore';

/** How often a screen with a feed to show asks for a fresher copy (the server refreshes every 5 minutes). */
export const FEED_POLL_MS = 3 * 60 * 1000;
/** How soon a screen with nothing to show asks again. */
export const FEED_RETRY_MS = 30 * 1000;

/** Fetches `src` and answers its JSON; throws when it cannot. */
export type FeedLoader = (src: string) => Promise<unknown>;

export const fetchFeedJson: FeedLoader = async (src) => {
  const response = await fetch(src, { cache: 'no-cache', credentials: 'omit' });
  if (!response.ok) throw new Error(`answered ${response.status}`);
  return response.json();
};

/** Whether `next` should replace `current`: never a good copy by an empty or older one. */
function better(next: CleanFeed, current: CleanFeed | null): boolean {
  if (current === null) return true;
  return next.fetchedAt > 0 && next.fetchedAt >= current.fetchedAt;
}

export function useFeed(
  src: string,
  load: FeedLoader = fetchFeedJson,
  timers: Timers = defaultTimers,
): CleanFeed | null {
  const [feed, setFeed] = useState<CleanFeed | null>(() => storedFeed(src));

  useEffect(() => {
    let current = storedFeed(src);
    setFeed(current);
    let stopped = false;
    let timer: unknown;
    const poll = async () => {
      try {
        const checked = CleanFeedSchema.safeParse(await load(src));
        if (!stopped && checked.success && better(checked.data, current)) {
          current = checked.data;
          setFeed(current);
          if (current.fetchedAt > 0) storeFeed(src, current);
        }
      } catch {
        // Offline or the server is away: the copy the screen has stays.
      }
      if (stopped) return;
      const showing = current !== null && current.items.length > 0;
      timer = timers.setTimeout(() => void poll(), showing ? FEED_POLL_MS : FEED_RETRY_MS);
    };
    void poll();
    return () => {
      stopped = true;
      timers.clearTimeout(timer);
    };
  }, [src, load, timers]);

  return feed;
}
