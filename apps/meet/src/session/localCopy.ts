// Where the meeting-room player's realtime client keeps its offline copy (docs/meeting-room.md §Subscriptions): the
// page's local storage, so that a screen restarted without network shows its content, except for the paths
// compared live only. connection/id is one: duplicate detection compares it with this page's own, and a stale copy
// would prove nothing.

import { LOCAL_CACHE_PREFIX, type StorageLike } from '@marquee/realtime';

/** `storage`, as the offline copy sees it, without the copies of `paths` (realtime paths such as 'players/p/app'). */
export function localCopyWithout(storage: StorageLike, paths: readonly string[]): StorageLike {
  const excluded = new Set(paths.map((path) => LOCAL_CACHE_PREFIX + path));
  return {
    get length() {
      return storage.length;
    },
    key: (index) => storage.key(index),
    getItem: (key) => (excluded.has(key) ? null : storage.getItem(key)),
    setItem: (key, value) => {
      if (!excluded.has(key)) storage.setItem(key, value);
    },
    removeItem: (key) => storage.removeItem(key),
  };
}
