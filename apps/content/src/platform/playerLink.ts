// The link to the player around this frame (its contract: docs/protocols/bridge.md §Player methods): this
// side calls getPairingCode, getAppData, getAuthData, getDeviceInfo, and exposes what the player's commands need.
// A page opened on its own (no parent window) has no player: `absent`, and the page says so.

import { createBridge, type Bridge, type BridgeSelf, type BridgeTarget } from '@marquee/bridge';

export type LinkState = 'connecting' | 'connected' | 'absent';

/** What the player may ask this frame to do while it runs an action flag. */
export interface ContentCommands {
  setMute(muted: boolean): unknown;
  screenshot(param?: unknown): Promise<unknown>;
  updateDeviceInfo(): Promise<unknown>;
  getContentState(): unknown;
}

const NOT_READY = (): never => {
  throw new Error('The content player is not showing content');
};

/** The commands while no content player is showing (the pairing page, before the content player mounts). */
export const idleCommands: ContentCommands = {
  setMute: NOT_READY,
  screenshot: () => Promise.reject(new Error('The pairing page has nothing to capture')),
  updateDeviceInfo: NOT_READY,
  getContentState: () => ({ showing: 'pairing' }),
};

export interface PlayerLink {
  readonly bridge: Bridge | null;
  /** Resolves with the final state: connected, or absent when there is no player or it never answered. */
  readonly ready: Promise<LinkState>;
  close(): void;
}

export interface LinkWindow {
  readonly parent: unknown;
}

/**
 * Connects to `win.parent` when this page is framed. The player may live on another origin than the frame (a
 * player served elsewhere than its server), so the first handshake's origin is pinned; the window is fixed.
 */
export function openPlayerLink(
  win: LinkWindow & BridgeSelf,
  commands: () => ContentCommands,
  options: { connectTimeoutMs?: number } = {},
): PlayerLink {
  if (win.parent === win || win.parent === null || win.parent === undefined) {
    return { bridge: null, ready: Promise.resolve('absent'), close() {} };
  }
  const bridge = createBridge({
    target: win.parent as BridgeTarget,
    targetOrigin: '*',
    allowAnyOrigin: true,
    self: win,
    ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
    expose: {
      setMute: (muted: boolean) => commands().setMute(muted === true),
      screenshot: (param?: unknown) => commands().screenshot(param),
      updateDeviceInfo: () => commands().updateDeviceInfo(),
      getContentState: () => commands().getContentState(),
    },
  });
  const ready = bridge.connect().then(
    (): LinkState => 'connected',
    (): LinkState => 'absent',
  );
  return { bridge, ready, close: () => bridge.close() };
}
