// What the running player does beside its frame, mounted once the screen's first content is up
// (hooks/useStartupSettled.ts): the connection state and presence record, the hamburger and sidebar, the confirm dialog
// and the toasts, the remote commands, the content watchdog and statistics, the daily restart and the multiple-tab
// check. None of it is needed to draw the pairing code or the content, and on a weak screen its first render and
// effects held the main thread the frame needed (docs/player.md §Start-up timings).

import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Bridge } from '@marquee/bridge';
import { createCommands } from '../session/commands';
import type { PlayerSession } from '../session/startPlayer';
import { BROWSER_PLATFORM, canClearCache } from '../session/platform';
import { useActionFlags } from '../hooks/useActionFlags';
import { useConnection } from '../hooks/useConnection';
import { uniqueUrl, useCopyUniqueUrl } from '../hooks/useCopyUniqueUrl';
import { useDailyRestart } from '../hooks/useDailyRestart';
import { useDebugMode } from '../hooks/useDebugMode';
import { useFrameWatchdog } from '../hooks/useFrameWatchdog';
import { useInstallPrompt } from '../hooks/useInstallPrompt';
import { useMultiTab } from '../hooks/useMultiTab';
import type { useSettings } from '../hooks/useSettings';
import { useSidebar } from '../hooks/useSidebar';
import { useStats } from '../hooks/useStats';
import { useUptime } from '../hooks/useUptime';
import { ConfirmDialog } from './ConfirmDialog';
import { Hamburger } from './Hamburger';
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

export interface PlayerDutiesProps {
  session: PlayerSession;
  frameBridge: RefObject<Bridge | null>;
  /** Re-mounts the frame (the content watchdog's recovery). */
  reloadFrame: () => void;
  frameUrl: string;
  settings: ReturnType<typeof useSettings>;
  /** The player document's action_flags. */
  flags: unknown;
}

export function PlayerDuties({
  session,
  frameBridge,
  reloadFrame,
  frameUrl,
  settings,
  flags,
}: PlayerDutiesProps) {
  const connection = useConnection(session);
  const frameRecoveries = useFrameWatchdog(session, frameBridge, reloadFrame);
  useStats(session, frameBridge, connection.online, undefined, frameRecoveries);
  const ip = session.hardware?.ip ?? null;

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
    <>
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
    </>
  );
}
