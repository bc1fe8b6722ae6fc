// Connection state and presence (docs/player.md §Connection states), through player-core's watchConnection.

import { useEffect, useState } from 'react';
import {
  checkReachability,
  realtimeConnection,
  watchConnection,
  type ConnectionState,
} from '@marquee/player-core';
import type { PlayerSession } from '../session/startPlayer';

export function useConnection(session: PlayerSession): ConnectionState {
  const [state, setState] = useState<ConnectionState>({ databaseConnected: false, online: navigator.onLine });
  useEffect(
    () =>
      watchConnection({
        ...realtimeConnection(session.db, session.playerId),
        checkReachability: () =>
          checkReachability({ url: `${session.config.apiUrl}/online.txt`, logger: session.logger }),
        onChange: setState,
        events: window,
      }),
    [session],
  );
  return state;
}
