import type { LiveConnection } from '../live/useLiveConnections';
import type { Screen } from '../api/types';

/** Online from the live connection record when one was heard, else from the last API answer. */
export function isOnline(screen: Screen, live: ReadonlyMap<string, LiveConnection>): boolean {
  const connection = screen.playerId === null ? undefined : live.get(screen.playerId);
  return connection?.connected ?? screen.status.online;
}
