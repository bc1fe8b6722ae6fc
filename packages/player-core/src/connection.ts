// Connection state (docs/player.md §Connection states): presence is realtime's trackPresence (the exact writes and
// the armed disconnect action that section lists); the player is online when the database's connected flag is true,
// and when it is false the fallback reachability check decides. The browser's online/offline events re-check.

import { INFO_CONNECTED_PATH } from '@marquee/protocol';
import { onValue, ref, trackPresence, type Database } from '@marquee/realtime';

export interface ConnectionState {
  /** The realtime database's connected flag. */
  databaseConnected: boolean;
  /** Connected, or reachable by the fallback check. */
  online: boolean;
}

export interface ConnectionWatchOptions {
  /** Calls back with the database's connected flag on every change; returns the unsubscribe. */
  subscribeConnected: (callback: (connected: boolean) => void) => () => void;
  /** Starts presence; returns the stop. */
  startPresence: () => () => void;
  checkReachability: () => Promise<boolean>;
  onChange: (state: ConnectionState) => void;
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

export function watchConnection(options: ConnectionWatchOptions): () => void {
  const stopPresence = options.startPresence();
  let databaseConnected = false;
  let generation = 0;
  const evaluate = () => {
    const mine = ++generation;
    if (databaseConnected) {
      options.onChange({ databaseConnected: true, online: true });
      return;
    }
    void options.checkReachability().then((reachable) => {
      if (mine === generation) options.onChange({ databaseConnected: false, online: reachable });
    });
  };
  const unsubscribe = options.subscribeConnected((connected) => {
    databaseConnected = connected;
    evaluate();
  });
  options.events?.addEventListener('online', evaluate);
  options.events?.addEventListener('offline', evaluate);
  return () => {
    generation++;
    unsubscribe();
    stopPresence();
    options.events?.removeEventListener('online', evaluate);
    options.events?.removeEventListener('offline', evaluate);
  };
}

/** The realtime side of watchConnection for player `playerId` on `db`. */
export function realtimeConnection(
  db: Database,
  playerId: string,
): Pick<ConnectionWatchOptions, 'subscribeConnected' | 'startPresence'> & {
  connectionId: () => string | null;
} {
  let connectionId: string | null = null;
  return {
    subscribeConnected: (callback) =>
      onValue(ref(db, INFO_CONNECTED_PATH), (snapshot) => callback(snapshot.val() === true)),
    startPresence: () => {
      const presence = trackPresence(db, playerId);
      connectionId = presence.connectionId;
      return () => presence.stop();
    },
    connectionId: () => connectionId,
  };
}
