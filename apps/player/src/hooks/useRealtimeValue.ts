// The value at players/{id}/{path}, live: undefined until known (from the server or the local copy), then every
// change. Offline, the realtime client answers from its local copy (SPEC.md §4).

import { useEffect, useState } from 'react';
import { onValue, ref } from '@marquee/realtime';
import type { PlayerSession } from '../session/startPlayer';

export function useRealtimeValue<T = unknown>(session: PlayerSession, path: string): T | null | undefined {
  const [value, setValue] = useState<T | null | undefined>(undefined);
  useEffect(
    () =>
      onValue(
        ref(session.db, `players/${session.playerId}/${path}`),
        (snapshot) => setValue((snapshot.val() ?? null) as T | null),
        (error) => session.logger.warn(`realtime listen ${path} refused`, error.message),
      ),
    [session, path],
  );
  return value;
}
