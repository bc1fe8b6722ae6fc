// Live online/offline of the screens' players: a realtime listen on players/{id}/connection for each (operators
// may read their org's players), so the studio changes the moment a player connects or drops; the screens query
// is refetched on each change for the heartbeat, IP and uptime that only the API knows.

import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createDatabase, onValue, ref, type Database } from '@marquee/realtime';
import { useServices, useSession } from '../api/context';
import { keys } from '../api/queries';

export interface LiveConnection {
  connected: boolean;
  connected_at: number | null;
  disconnected_at: number | null;
}

function connectionOf(value: unknown): LiveConnection | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const time = (x: unknown) => (typeof x === 'number' ? x : null);
  return {
    connected: v.connected === true,
    connected_at: time(v.connected_at),
    disconnected_at: time(v.disconnected_at),
  };
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
    const stops = ids.map((id) =>
      onValue(
        ref(db, `players/${id}/connection`),
        (snapshot) => {
          const connection = connectionOf(snapshot.val());
          setLive((current) => {
            const next = new Map(current);
            if (connection === null) next.delete(id);
            else next.set(id, connection);
            return next;
          });
          void client.invalidateQueries({ queryKey: keys.screens });
        },
        () => {},
      ),
    );
    return () => stops.forEach((stop) => stop());
  }, [db, ids, client]);

  return live;
}
