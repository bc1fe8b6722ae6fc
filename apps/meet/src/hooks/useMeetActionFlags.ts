// Remote action flags of the meeting variant (docs/meeting-room.md §Subscriptions): reset_credentials rotates the
// credentials; reload (restart_player_app) and clear_cache are callable remotely, unique_link is not. player-core's
// runner takes them one at a time; any other flag is acknowledged and logged.

import { useMemo } from 'react';
import { rotateCredentials, useActionFlagRunner, type ActionFlagHandlers } from '@marquee/player-core';
import type { MeetSession } from '../session/startMeet';

/** Clears the page's caches (and the worker's), then reloads. */
async function clearCaches(reload: () => void, cacheStorage: CacheStorage | undefined = globalThis.caches) {
  if (cacheStorage) {
    const keys = await cacheStorage.keys();
    await Promise.all(keys.map((key) => cacheStorage.delete(key)));
  }
  reload();
}

type FlagSession = Pick<
  MeetSession,
  'http' | 'playerId' | 'logger' | 'identity' | 'auth' | 'setAuth' | 'reload'
>;

export function meetFlagHandlers(session: FlagSession): ActionFlagHandlers {
  return {
    // The new auth is stored before the reload: the next load starts on it whatever its registration gets. The old
    // identity's tokens were revoked with the old credentials.
    reset_credentials: async () => {
      session.setAuth(await rotateCredentials(session.http, session.playerId, session.auth().secret));
      session.identity.signOut();
      session.reload();
    },
    restart_player_app: () => session.reload(),
    clear_cache: () => clearCaches(session.reload),
  };
}

export function useMeetActionFlags(session: MeetSession, flags: unknown): void {
  const handlers = useMemo(() => meetFlagHandlers(session), [session]);
  useActionFlagRunner(session, handlers, flags);
}
