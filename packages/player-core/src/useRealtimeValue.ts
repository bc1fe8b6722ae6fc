// The value at players/{id}/{path}, live, for the players' React views: undefined until known (from the server or
// the local copy), then every change. Offline, the realtime client answers from its local copy (SPEC.md §4).

import { useEffect, useState } from 'react';
import { onValue, ref, type Database } from '@marquee/realtime';
import type { Logger } from './logger';

export interface RealtimeValueSource {
  db: Database;
  playerId: string;
  logger: Pick<Logger, 'warn'>;
}

export function useRealtimeValue<T = unknown>(
  source: RealtimeValueSource,
  path: string,
): T | null | undefined {
  const [value, setValue] = useState<T | null | undefined>(undefined);
  useEffect(
    () =>
      onValue(
        ref(source.db, `players/${source.playerId}/${path}`),
        (snapshot) => setValue((snapshot.val() ?? null) as T | null),
        (error) => source.logger.warn(`realtime listen ${path} refused`, error.message),
      ),
    [source, path],
  );
  return value;
}
