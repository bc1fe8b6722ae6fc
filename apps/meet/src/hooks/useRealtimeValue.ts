// The value at players/{id}/{path}, live: undefined until the first answer, then every change.

import { useEffect, useState } from 'react';
import { onValue, ref } from '@marquee/realtime';
import type { MeetSession } from '../session/startMeet';

export function useRealtimeValue<T = unknown>(
  session: Pick<MeetSession, 'db' | 'playerId' | 'logger'>,
  path: string,
): T | null | undefined {
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
