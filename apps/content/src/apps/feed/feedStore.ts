// The last good copy of each feed this screen showed, in localStorage keyed by its address, so a reload without the
// network still shows the feed (docs/layouts.md §Feeds). What is read back is checked again: storage is not trusted.

import { CleanFeedSchema, type CleanFeed } from '@marquee/protocol';

const KEY_PREFIX = 'marquee.feed:';

export function storedFeed(src: string, storage: Storage | null = safeStorage()): CleanFeed | null {
  try {
    const text = storage?.getItem(KEY_PREFIX + src);
    if (text === null || text === undefined) return null;
    const checked = CleanFeedSchema.safeParse(JSON.parse(text));
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}

export function storeFeed(src: string, feed: CleanFeed, storage: Storage | null = safeStorage()): void {
  try {
    storage?.setItem(KEY_PREFIX + src, JSON.stringify(feed));
  } catch {
    // Storage full or refused: the feed still shows until the next reload.
  }
}

/** localStorage, or null where reaching it throws (storage disabled for the frame). */
function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
