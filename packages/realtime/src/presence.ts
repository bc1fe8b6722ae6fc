// Presence, exactly as docs/player.md §Connection states has it, for all players. On players/{id}/connection:
// - the database reports up (.info/connected true): (1) cancel any pending disconnect action, (2) write
//   {connected: true, connected_at: server time, disconnected_at: null, id: this session's connection id},
//   (3) arm the disconnect action {connected: false, disconnected_at: server time, connected_at: null, id: null};
// - the database reports down: write {connected: false, disconnected_at: server time, id: null,
//   connected_at: null}. It is queued (the socket is down) and shows locally at once; it reaches the hub first
//   thing on the next connection, before that connection's own record.
// Failures are logged, never thrown: presence must not take the player down.

import { INFO_CONNECTED_PATH, type ConnectionWrite } from '@marquee/protocol';
import { repoOf, type Database } from './api/database';
import { onDisconnect } from './api/onDisconnect';
import { onValue } from './api/reads';
import { child, ref } from './api/reference';
import { serverTimestamp, set } from './api/writes';
import { RealtimeError } from './errors';

export interface PresenceOptions {
  /** The id written while connected; default a random one per call (one browser session). */
  connectionId?: string;
}

export interface Presence {
  readonly connectionId: string;
  /** Stops following the connection state (the hub's armed action stays until the socket closes). */
  stop(): void;
}

/** A random 128-bit hex id (getRandomValues: randomUUID needs a secure context, a LAN player may not have one). */
export function randomConnectionId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function trackPresence(db: Database, playerId: string, options: PresenceOptions = {}): Presence {
  const connectionRef = child(ref(db, 'players'), `${playerId}/connection`);
  if (connectionRef.path.split('/').length !== 3) throw new TypeError('playerId must be one key');
  const connectionId = options.connectionId ?? randomConnectionId();
  const logger = repoOf(db).logger;
  const disconnectAction = onDisconnect(connectionRef);
  const logged = (what: string) => (error: unknown) => {
    // Closing the database fails what is still queued: that is the end of presence, not a fault.
    if (error instanceof RealtimeError && error.code === 'CLOSED') return;
    logger.warn(`realtime: presence ${what} failed`, error);
  };

  const stop = onValue(ref(db, INFO_CONNECTED_PATH), (snapshot) => {
    if (snapshot.val() === true) {
      const up: ConnectionWrite = {
        connected: true,
        connected_at: serverTimestamp(),
        disconnected_at: null,
        id: connectionId,
      };
      const down: ConnectionWrite = {
        connected: false,
        disconnected_at: serverTimestamp(),
        connected_at: null,
        id: null,
      };
      disconnectAction.cancel().catch(logged('cancelling the disconnect action'));
      set(connectionRef, up).catch(logged('writing the connection'));
      disconnectAction.set(down).catch(logged('arming the disconnect action'));
    } else {
      const down: ConnectionWrite = {
        connected: false,
        disconnected_at: serverTimestamp(),
        id: null,
        connected_at: null,
      };
      set(connectionRef, down).catch(logged('writing the disconnection'));
    }
  });
  return { connectionId, stop };
}

/** docs/player.md §Connection states: the player is online when the database's connected flag is true. */
export function isOnline(db: Database): boolean {
  return repoOf(db).connected;
}
