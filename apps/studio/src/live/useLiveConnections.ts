// Live online/offline of the screens' players: a realtime listen on each player's connection record (operators
// may read their organisation's players), so the studio changes the moment a player connects or drops; the screens
// query is refetched on each change for the heartbeat, IP and uptime that only the API knows. The path and the
// record's shape are protocol's (docs/protocols/realtime.md §Presence).

import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ConnectionRecordSchema, playerBranchPath, type ConnectionRecord } from '@marquee/protocol';
import { createDatabase, onValue, ref, type Database } from '@marquee/realtime';
import { useServices, useSession } from '../api/context';
import { keys } from '../api/queries';

export type LiveConnection = Pick<ConnectionRecord, 'connected' | 'connected_at' | 'disconnected_at'>;

/** The connection record read at a player's path; null when there is none or it is not one. */
export function liveConnectionOf(value: unknown): LiveConnection | null {
  const parsed = ConnectionRecordSchema.safeParse(value);
  if (!parsed.success) return null;
  const { connected, connected_at, disconnected_at } = parsed.data;
  return { connected, connected_at, disconnected_at };
}

/** The realtime path of the player's connection record; null for an id that is no realtime key. */
function connectionPath(playerId: string): string | null {
  try {
    return playerBranchPath(playerId, 'connection');
  } catch {
    return null;
  }
}

export function useLiveConnections(playerIds: readonly string[]): ReadonlyMap<string, LiveConnection> {
  const { api, config } = useServices();
  const session = useSession();
  const client = useQueryClient();
  const signedIn = session !== null;
  const [db, setDb] = useState<Database | null>(null);
  const [live, setLive] = useState<ReadonlyMap<string, LiveConnection>>(new Map());
  const idsKey = [...playerIds].sort().join(',');
  const ids = useMemo(() => (idsKey === '' ? [] : idsKey.split(',')), [idsKey]);

  useEffect(() => {
    if (!signedIn || typeof WebSocket === 'undefined') return;
    const opened = createDatabase({
      url: config.realtimeUrl,
      restUrl: config.apiUrl,
      getToken: api.idToken,
      storage: null,
    });
    setDb(opened);
    return () => {
      opened.close();
      setDb(null);
    };
  }, [signedIn, api, config]);

  useEffect(() => {
    if (db === null) return;
    const stops = ids.flatMap((id) => {
      const path = connectionPath(id);
      if (path === null) return [];
      return onValue(
        ref(db, path),
        (snapshot) => {
          const connection = liveConnectionOf(snapshot.val());
          setLive((current) => {
            const next = new Map(current);
            if (connection === null) next.delete(id);
            else next.set(id, connection);
            return next;
          });
          void client.invalidateQueries({ queryKey: keys.screens });
        },
        () => {},
      );
    });
    return () => stops.forEach((stop) => stop());
  }, [db, ids, client]);

  return live;
}
