// The device record (docs/player.md §Device record) and its logging (§Logging and monitoring): built from the
// session and the current frame URL and settings; sent to POST /logs/device on load and every 12 hours, except
// without a source URL or while the frame shows the pairing app. The frame asks for the same record through
// getDeviceInfo, and posts it itself for update_device_info.

import { useCallback, useEffect, useRef } from 'react';
import { updateChannel } from '@marquee/protocol';
import {
  DEVICE_LOG_PATH,
  buildDeviceRecord,
  shouldSendDeviceRecord,
  startDeviceLogging,
  type StoredSettings,
} from '@marquee/player-core';
import type { PlayerSession } from '../session/startPlayer';

export function useDeviceRecord(session: PlayerSession, sourceUrl: string, settings: StoredSettings) {
  const current = useRef({ sourceUrl, settings });
  useEffect(() => {
    current.current = { sourceUrl, settings };
  }, [sourceUrl, settings]);

  const getDeviceRecord = useCallback(
    () =>
      buildDeviceRecord({
        playerId: session.playerId,
        deviceId: session.deviceId,
        platform: session.platform,
        model: session.model,
        version: session.config.version,
        now: Date.now(),
        apiToken: session.auth().apiToken,
        sourceUrl: current.current.sourceUrl,
        updateChannel: updateChannel({
          hostname: location.hostname,
          environment: session.config.environment,
        }),
        settings: current.current.settings,
        capabilities: session.capabilities,
        userAgent: navigator.userAgent,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? null,
        env: session.config.environment,
        scaleFactor: window.devicePixelRatio || 1,
        hardware: session.hardware,
      }),
    [session],
  );

  const sendDeviceRecord = useCallback(async () => {
    if (!shouldSendDeviceRecord(current.current.sourceUrl, session.config.pairingUrl)) return;
    await session.http.request('POST', DEVICE_LOG_PATH, { body: getDeviceRecord() }).catch(() => {});
  }, [session, getDeviceRecord]);

  // On load (once the frame shows content) and every 12 hours.
  const showsContent = shouldSendDeviceRecord(sourceUrl, session.config.pairingUrl);
  useEffect(() => {
    if (!showsContent) return;
    return startDeviceLogging({ send: () => void sendDeviceRecord() });
  }, [showsContent, sendDeviceRecord]);

  return getDeviceRecord;
}
