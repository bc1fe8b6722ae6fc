// docs/player.md §Auth: when browser storage is cleared entirely, a callback runs after 2 s
// (STORAGE_CLEARED_CALLBACK_DELAY_MS). The browser tells other documents of the origin through a 'storage' event
// whose key is null; the player's callback re-registers, since its auth went with the storage.

import { STORAGE_CLEARED_CALLBACK_DELAY_MS } from '@marquee/protocol';
import { defaultTimers, type Timers } from './timers';

export interface StorageClearedOptions {
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  onCleared: () => void;
  timers?: Timers;
}

export function watchStorageCleared({
  events,
  onCleared,
  timers = defaultTimers,
}: StorageClearedOptions): () => void {
  let pending: unknown;
  const listener = (event: Event) => {
    if ((event as StorageEvent).key !== null) return;
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = timers.setTimeout(() => {
      pending = undefined;
      onCleared();
    }, STORAGE_CLEARED_CALLBACK_DELAY_MS);
  };
  events.addEventListener('storage', listener);
  return () => {
    events.removeEventListener('storage', listener);
    if (pending !== undefined) timers.clearTimeout(pending);
  };
}
