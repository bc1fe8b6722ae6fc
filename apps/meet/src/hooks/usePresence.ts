// The connection record (docs/player.md §Connection states) through the realtime client's presence; its connection
// id is what duplicate detection compares.

import { useEffect, useState } from 'react';
import { trackPresence, type Presence } from '@marquee/realtime';
import type { MeetSession } from '../session/startMeet';

export function usePresence(session: MeetSession): Presence | null {
  const [presence, setPresence] = useState<Presence | null>(null);
  useEffect(() => {
    const tracked = trackPresence(session.db, session.playerId);
    setPresence(tracked);
    return () => tracked.stop();
  }, [session]);
  return presence;
}
