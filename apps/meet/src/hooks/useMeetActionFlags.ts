// Remote action flags of the meeting variant (SPEC.md §3, §6): reload and clear_cache are callable remotely
// (unique_link is not). player-core's runner takes them one at a time; any other flag is acknowledged and logged.

import { useMemo } from 'react';
import { useActionFlagRunner, type ActionFlagHandlers } from '@marquee/player-core';
import type { MeetSession } from '../session/startMeet';

/** Clears the page's caches (and the worker's), then reloads. */
async function clearCaches(
  reload: () => void,
  cacheStorage: CacheStorage | undefined = globalThis.caches,
) {
  if (cacheStorage) {
    const keys = await cacheStorage.keys();
    await Promise.all(keys.map((key) => cacheStorage.delete(key)));
  }
  reload();
}

export function useMeetActionFlags(session: MeetSession, flags: unknown): void {
  const handlers = useMemo<ActionFlagHandlers>(
    () => ({
      // Pairing rotates the credentials: the registration of every start does that, with the new claims.
      reset_credentials: () => session.reload(),
      restart_player_app: () => session.reload(),
      clear_cache: () => clearCaches(session.reload),
    }),
    [session],
  );
  useActionFlagRunner(session, handlers, flags);
}
