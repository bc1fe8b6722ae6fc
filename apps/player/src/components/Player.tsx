// The running player: the frame and what it needs to show the pairing code or the content (the realtime values,
// the orientation, the frame's bridge, the heartbeat); the rest (components/PlayerDuties.tsx: presence, the
// operator's tools, the periodic duties) mounts once that first content is up. Behaviour lives in the hooks; this component only wires them.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlayerSession } from '../session/startPlayer';
import { PLAYER_VALUE_PATHS } from '../session/playerValuePaths';
import { useErrorReports, useStorageCleared } from '../hooks/useBackgroundDuties';
import { useDeviceRecord } from '../hooks/useDeviceRecord';
import { useFrameBridge } from '../hooks/useFrameBridge';
import { CONTENT_APPLIED_EVENT, useHeartbeat } from '../hooks/useHeartbeat';
import { useOrientation, useViewportScale } from '../hooks/useOrientation';
import { usePlayerUrl } from '../hooks/usePlayerUrl';
import { useRealtimeValue, useRemoteLogLevel } from '@marquee/player-core';
import { markStartup } from '@marquee/protocol';
import { useSettings } from '../hooks/useSettings';
import { useStartupSettled } from '../hooks/useStartupSettled';
import { PlayerDuties } from './PlayerDuties';
import { PlayerFrame } from './PlayerFrame';

export function Player({ session }: { session: PlayerSession }) {
  const pairingCode = useRealtimeValue<string>(session, PLAYER_VALUE_PATHS.pairingCode);
  const appUrl = useRealtimeValue<string>(session, PLAYER_VALUE_PATHS.appUrl);
  const appData = useRealtimeValue(session, PLAYER_VALUE_PATHS.appData);
  const serverSettings = useRealtimeValue(session, PLAYER_VALUE_PATHS.settings);
  const flags = useRealtimeValue(session, PLAYER_VALUE_PATHS.actionFlags);
  const logging = useRealtimeValue(session, PLAYER_VALUE_PATHS.logging);
  // The listens above now hold the paths the start-up listened to early: its listeners can go.
  useEffect(() => session.releasePrelistens(), [session]);

  useEffect(() => {
    // The first answer of the realtime database: the pairing code or the content URL.
    if (pairingCode !== undefined || appUrl !== undefined) markStartup('realtime', 'end');
  }, [pairingCode, appUrl]);

  const settings = useSettings(session, serverSettings);
  const frameUrl = usePlayerUrl(session, appUrl, location.protocol);

  // Start-up steps 5–7: orientation, the frame's bridge interface, the heartbeat.
  useViewportScale();
  const boxStyle = useOrientation(settings.orientation);
  const getDeviceRecord = useDeviceRecord(session, frameUrl, settings.settings);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const [contentApplied] = useState(() => new EventTarget());
  const startup = useStartupSettled(contentApplied);
  const onContentApplied = useCallback(
    (data: unknown) => contentApplied.dispatchEvent(new CustomEvent(CONTENT_APPLIED_EVENT, { detail: data })),
    [contentApplied],
  );
  // Raised by the content watchdog: a new key re-mounts the frame, and its bridge follows.
  const [frameKey, setFrameKey] = useState(0);
  const reloadFrame = useCallback(() => setFrameKey((key) => key + 1), []);
  const frameBridge = useFrameBridge(
    session,
    frameRef,
    frameUrl,
    { pairingCode, appData, getDeviceRecord, onContentApplied, onCodeServed: startup.settle },
    frameKey,
  );
  const ip = session.hardware?.ip ?? null;
  useHeartbeat(session, ip, frameBridge, contentApplied);

  useErrorReports(session);
  useRemoteLogLevel(session, logging);
  useStorageCleared(session);

  return (
    <div className="player">
      <PlayerFrame key={frameKey} src={frameUrl} frameRef={frameRef} boxStyle={boxStyle} />
      {startup.settled && (
        <PlayerDuties
          session={session}
          frameBridge={frameBridge}
          reloadFrame={reloadFrame}
          frameUrl={frameUrl}
          settings={settings}
          flags={flags}
        />
      )}
    </div>
  );
}
