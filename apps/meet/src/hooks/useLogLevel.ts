// The logging subscription: players/{id}/logging ({logLevel}) is stored under 'logging', where the logger reads
// its level on every line.

import { useEffect } from 'react';
import type { MeetSession } from '../session/startMeet';

export function useLogLevel(session: Pick<MeetSession, 'storage'>, logging: unknown): void {
  useEffect(() => {
    if (logging === undefined) return;
    session.storage.set('logging', logging);
  }, [session, logging]);
}
