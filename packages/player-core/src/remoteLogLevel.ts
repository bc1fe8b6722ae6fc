// The remote log level (docs/player.md §Logging and monitoring): players/{id}/logging ({logLevel}) is kept under
// the local 'logging' key, where the logger reads its level on every line. Both players subscribe to it.

import { useEffect } from 'react';
import { STORAGE_KEYS } from '@marquee/protocol';
import type { PlayerStorage } from './storage';

/** Stores the realtime value `logging`; anything but an object removes the key, so the level falls back to info. */
export function storeRemoteLogLevel(storage: Pick<PlayerStorage, 'set'>, logging: unknown): void {
  storage.set(STORAGE_KEYS.logging, logging !== null && typeof logging === 'object' ? logging : null);
}

/** Keeps `logging` (the realtime value: undefined until known) in local storage. */
export function useRemoteLogLevel(source: { storage: Pick<PlayerStorage, 'set'> }, logging: unknown): void {
  useEffect(() => {
    if (logging !== undefined) storeRemoteLogLevel(source.storage, logging);
  }, [source, logging]);
}
