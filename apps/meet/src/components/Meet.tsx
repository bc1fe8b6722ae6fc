// The ready view: the content frame, full-screen, with every subscription of the meeting variant wired to it.

import { useCallback, useRef } from 'react';
import type { MeetSession } from '../session/startMeet';
import { useDuplicateDetection } from '../hooks/useDuplicateDetection';
import { useFrameBridge } from '../hooks/useFrameBridge';
import { useFrameSource } from '../hooks/useFrameSource';
import { useMeetActionFlags } from '../hooks/useMeetActionFlags';
import { useMeetDailyRestart } from '../hooks/useMeetDailyRestart';
import { useMeetSettings } from '../hooks/useMeetSettings';
import { usePresence } from '../hooks/usePresence';
import { useRealtimeValue, useRemoteLogLevel } from '@marquee/player-core';
import { MeetFrame } from './MeetFrame';

export function Meet({ session }: { session: MeetSession }) {
  const app = useRealtimeValue(session, 'app');
  const settingsValue = useRealtimeValue(session, 'settings');
  const flags = useRealtimeValue(session, 'action_flags');
  const logging = useRealtimeValue(session, 'logging');
  const serverConnectionId = useRealtimeValue(session, 'connection/id');
  const overridden = useRealtimeValue(session, 'overridden_player');
  const presence = usePresence(session);
  const settings = useMeetSettings(session, settingsValue);
  useRemoteLogLevel(session, logging);
  useMeetActionFlags(session, flags);
  useMeetDailyRestart(settings, session.reload, session.logger);
  const cleanup = useCallback(() => {
    presence?.stop();
    session.db.close();
    session.identity.close();
  }, [presence, session]);
  useDuplicateDetection({
    ownId: presence?.connectionId ?? null,
    serverId: serverConnectionId,
    app,
    cleanup,
    reload: session.reload,
  });
  const frame = useRef<HTMLIFrameElement | null>(null);
  const src = useFrameSource(session, app, overridden);
  useFrameBridge(frame, session, app, src);
  return <MeetFrame ref={frame} src={src} />;
}
