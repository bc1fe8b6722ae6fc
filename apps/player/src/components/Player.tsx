// The running player: the frame, the hamburger and sidebar, the confirm dialog and the toasts. Behaviour lives in
// the hooks; this component only wires them to the dumb components.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createCommands } from '../session/commands';
import type { PlayerSession } from '../session/startPlayer';
import { BROWSER_PLATFORM, canClearCache } from '../session/platform';
import { useActionFlags } from '../hooks/useActionFlags';
import { useErrorReports, useStorageCleared } from '../hooks/useBackgroundDuties';
import { useConnection } from '../hooks/useConnection';
import { uniqueUrl, useCopyUniqueUrl } from '../hooks/useCopyUniqueUrl';
import { useDailyRestart } from '../hooks/useDailyRestart';
import { useDebugMode } from '../hooks/useDebugMode';
import { useDeviceRecord } from '../hooks/useDeviceRecord';
import { useFrameBridge } from '../hooks/useFrameBridge';
import { useFrameWatchdog } from '../hooks/useFrameWatchdog';
import { CONTENT_APPLIED_EVENT, useHeartbeat } from '../hooks/useHeartbeat';
import { useInstallPrompt } from '../hooks/useInstallPrompt';
import { useMultiTab } from '../hooks/useMultiTab';
import { useOrientation, useViewportScale } from '../hooks/useOrientation';
import { usePlayerUrl } from '../hooks/usePlayerUrl';
import { useRealtimeValue, useRemoteLogLevel } from '@marquee/player-core';
import { markStartup } from '@marquee/protocol';
import { useSettings } from '../hooks/useSettings';
import { useSidebar } from '../hooks/useSidebar';
import { useStats } from '../hooks/useStats';
import { useUptime } from '../hooks/useUptime';
import { ConfirmDialog } from './ConfirmDialog';
import { Hamburger } from './Hamburger';
import { PlayerFrame } from './PlayerFrame';
import { Sidebar } from './Sidebar';
import { Toasts, showToast } from './Toasts';

const MULTIPLE_INSTANCES_MESSAGE = 'Multiple instances of the Marquee player found.';
const CONFIRM_CLEAR_CACHE = 'Are you sure you want to clear the cache?';
const CONFIRM_REBOOT = 'Are you sure you want to reboot?';
const CONFIRM_RESET_PAIRING = 'Are you sure you want to reset the pairing?';
const CONFIRM_COPY_UNIQUE_URL =
  'Copy the unique URL of this player? Opening it loads a new player instance with this device id.';

function connectionType(): string {
  const connection = (navigator as Navigator & { connection?: { type?: string; effectiveType?: string } })
    .connection;
  return connection?.type ?? connection?.effectiveType ?? 'unknown';
}

export function Player({ session }: { session: PlayerSession }) {
  const pairingCode = useRealtimeValue<string>(session, 'pairing/code');
  const appUrl = useRealtimeValue<string>(session, 'app/url');
  const appData = useRealtimeValue(session, 'app/data');
  const serverSettings = useRealtimeValue(session, 'settings');
  const flags = useRealtimeValue(session, 'action_flags');
  const logging = useRealtimeValue(session, 'logging');

  useEffect(() => {
    // The first answer of the realtime database: the pairing code or the content URL.
    if (pairingCode !== undefined || appUrl !== undefined) markStartup('realtime', 'end');
  }, [pairingCode, appUrl]);

  const connection = useConnection(session);
  const settings = useSettings(session, serverSettings);
  const frameUrl = usePlayerUrl(session, appUrl, location.protocol);

  // Start-up steps 5–7: orientation, the frame's bridge interface, the heartbeat.
  useViewportScale();
  const boxStyle = useOrientation(settings.orientation);
  const getDeviceRecord = useDeviceRecord(session, frameUrl, settings.settings);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const [contentApplied] = useState(() => new EventTarget());
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
    { pairingCode, appData, getDeviceRecord, onContentApplied },
    frameKey,
  );
  const frameRecoveries = useFrameWatchdog(session, frameBridge, reloadFrame);
  const ip = session.hardware?.ip ?? null;
  useHeartbeat(session, ip, frameBridge, contentApplied);
  useStats(session, frameBridge, connection.online, undefined, frameRecoveries);

  useErrorReports(session);
  useRemoteLogLevel(session, logging);
  useStorageCleared(session);

  const commands = useMemo(() => createCommands(session, () => frameBridge.current), [session, frameBridge]);
  const muted = settings.settings.mute === true;
  const mutedRef = useRef(muted);
  useEffect(() => {
    mutedRef.current = muted;
  }, [muted]);
  const { setMute } = settings;
  const toggleMute = useCallback(() => {
    const next = !mutedRef.current;
    mutedRef.current = next;
    setMute(next);
    return next;
  }, [setMute]);
  useActionFlags(session, flags, commands, toggleMute);
  const reload = useCallback(() => session.reload(), [session]);
  useDailyRestart(session, settings.settings, reload);

  const { debugMode, tap } = useDebugMode(session.storage);
  const sidebar = useSidebar(debugMode);
  const install = useInstallPrompt();
  const { copied, copy } = useCopyUniqueUrl(uniqueUrl(location.origin, session.deviceId));
  const uptime = useUptime(session.startedAt);

  const multipleTabs = useMultiTab(session);
  useEffect(() => {
    if (!multipleTabs) return;
    void showToast('warning', MULTIPLE_INSTANCES_MESSAGE, {
      toastId: 'multiple-instances',
      persistent: true,
    });
  }, [multipleTabs]);

  const [confirm, setConfirm] = useState<{ message: string; action: () => unknown } | null>(null);
  const ask = (message: string, action: () => unknown) => setConfirm({ message, action });
  const run = (action: () => unknown) => {
    Promise.resolve()
      .then(action)
      .catch((error: Error) => {
        session.logger.error('sidebar action failed', error.message);
        void showToast('error', error.message);
      });
  };

  return (
    <div className="player">
      <PlayerFrame key={frameKey} src={frameUrl} frameRef={frameRef} boxStyle={boxStyle} />
      {!sidebar.open && <Hamburger visible={sidebar.hamburgerVisible} onOpen={sidebar.openSidebar} />}
      {sidebar.open && (
        <>
          <div
            className="sidebar-backdrop"
            data-testid="sidebar-backdrop"
            onPointerDown={sidebar.closeSidebar}
          />
          <Sidebar
            name={settings.nameDraft}
            nameError={settings.nameError}
            onNameChange={settings.setName}
            orientation={settings.orientation}
            onOrientationChange={settings.setOrientation}
            showMute={session.capabilities.mute === true}
            muted={muted}
            onMuteChange={(on) => {
              settings.setMute(on);
              run(() => commands.applyMute(on));
            }}
            showDailyRestart={session.capabilities.daily_restart === true}
            dailyRestart={settings.settings.daily_restart === 'on'}
            dailyRestartTime={settings.settings.daily_restart_time ?? '04:00am'}
            onDailyRestartChange={settings.setDailyRestart}
            onDailyRestartTimeChange={settings.setDailyRestartTime}
            showFullscreen={session.capabilities.fullscreen === true}
            onFullscreen={() => run(() => document.documentElement.requestFullscreen())}
            onReload={reload}
            showInstall={session.platform === BROWSER_PLATFORM && install.canInstall}
            onInstall={() => run(install.install)}
            showClearCache={canClearCache(session.capabilities, frameUrl, session.config.contentUrl)}
            onClearCache={() => ask(CONFIRM_CLEAR_CACHE, commands.clearCache)}
            showCopyUniqueUrl={session.capabilities.unique_link === true}
            copied={copied}
            onCopyUniqueUrl={() => ask(CONFIRM_COPY_UNIQUE_URL, copy)}
            showReboot={session.capabilities.reboot === true && session.parent !== null}
            onReboot={() => ask(CONFIRM_REBOOT, commands.reboot)}
            onResetPairing={() => ask(CONFIRM_RESET_PAIRING, commands.resetPairing)}
            ip={ip ?? 'Unknown'}
            connectionType={connectionType()}
            uptime={uptime}
            version={session.config.version}
            online={connection.online}
            debugMode={debugMode}
            onVersionTap={tap}
          />
        </>
      )}
      {confirm && (
        <ConfirmDialog
          message={confirm.message}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const { action } = confirm;
            setConfirm(null);
            run(action);
          }}
        />
      )}
      <Toasts />
      <span
        hidden
        data-testid="connection"
        data-online={connection.online}
        data-database={connection.databaseConnected}
      />
    </div>
  );
}
