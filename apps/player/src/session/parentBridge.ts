// The bridge to the wrapper around the player (docs/player.md §Start-up, step 2). On chromeos the start-up waits
// up to 15 s for the wrapper and, without an answer, goes on with no parent link at all. Elsewhere it does not
// wait for a handshake: the bridge connects in the background and stays open, so a wrapper that answers late
// still gets the player's stored data and log lines; only a wrapper that answered within the short grace is the
// session's parent, whose auth, model, hardware id and capabilities the start-up reads.

import { createBridge, type Bridge } from '@marquee/bridge';
import { FRAMED_ENVIRONMENT_WAIT_MS } from '@marquee/protocol';
import {
  FRAMED_ENVIRONMENT_PLATFORM,
  passStoredData,
  waitForFramedEnvironment,
  type Logger,
  type PlayerStorage,
} from '@marquee/player-core';

export interface ParentConnection {
  /** The wrapper, when it answered during the start-up. */
  parent: Bridge | null;
  /** Passes a stored key's new value on to the wrapper once it is connected (null: removed). */
  passOn(key: string, value: unknown): void;
  /** Sends a warning or error line to the wrapper's log service once it is connected. */
  log(line: unknown): void;
}

const NONE: ParentConnection = { parent: null, passOn() {}, log() {} };

export async function connectParent(
  win: Window,
  platform: string,
  storage: PlayerStorage,
  logger: Logger,
): Promise<ParentConnection> {
  if (win.parent === win) return NONE;
  const chromeos = platform === FRAMED_ENVIRONMENT_PLATFORM;
  const bridge = createBridge({
    target: win.parent,
    targetOrigin: '*',
    allowAnyOrigin: true,
    ...(chromeos ? { connectTimeoutMs: FRAMED_ENVIRONMENT_WAIT_MS } : {}),
    onError: (error) => logger.warn('parent bridge', (error as Error).message),
    // Every wrapper instance gets the player's stored data, cleaned, as soon as it is connected.
    onConnect: () => void passStoredData(bridge, storage.storedData(), logger),
  });
  bridge.connect().catch((error: Error) => logger.debug('parent not connected', error.message));
  const framed = await waitForFramedEnvironment({ platform, isFramed: () => bridge.connected, logger });
  if (chromeos && !framed) {
    bridge.close();
    return NONE;
  }
  return {
    parent: framed ? bridge : null,
    passOn(key, value) {
      if (bridge.connected) void passStoredData(bridge, { [key]: value }, logger);
    },
    log(line) {
      if (bridge.connected) bridge.call('logService', line).catch(() => {});
    },
  };
}
