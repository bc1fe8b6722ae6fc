import { describe, expect, it, vi } from 'vitest';
import { createBridge, type BridgeMessageEvent, type BridgeSelf, type BridgeTarget } from '@marquee/bridge';
import { openPlayerLink, type ContentCommands } from './playerLink';

/** Two windows wired back to back: what one posts arrives at the other. */
function windowPair() {
  const listeners = {
    frame: new Set<(e: BridgeMessageEvent) => void>(),
    player: new Set<(e: BridgeMessageEvent) => void>(),
  };
  const selfOf = (side: 'frame' | 'player'): BridgeSelf => ({
    addEventListener: (_type, listener) => listeners[side].add(listener),
    removeEventListener: (_type, listener) => listeners[side].delete(listener),
  });
  const player: BridgeTarget = {
    postMessage: (data) =>
      queueMicrotask(() =>
        listeners.player.forEach((l) => l({ data, origin: 'http://screen', source: frame })),
      ),
  };
  const frame: BridgeTarget = {
    postMessage: (data) =>
      queueMicrotask(() =>
        listeners.frame.forEach((l) => l({ data, origin: 'http://screen', source: player })),
      ),
  };
  return { player, frame, frameSelf: selfOf('frame'), playerSelf: selfOf('player') };
}

const commands: ContentCommands = {
  setMute: vi.fn((muted: boolean) => ({ muted })),
  screenshot: vi.fn(() => Promise.resolve({ id: 's1' })),
  updateDeviceInfo: vi.fn(() => Promise.resolve({ sent: true })),
  getContentState: vi.fn(() => ({ version: 4 })),
};

describe('openPlayerLink', () => {
  it('is absent without a parent window', async () => {
    const win = { parent: null as unknown, addEventListener() {}, removeEventListener() {} };
    win.parent = win;
    const link = openPlayerLink(win, () => commands);
    expect(link.bridge).toBeNull();
    await expect(link.ready).resolves.toBe('absent');
  });

  it('calls the player and answers its commands', async () => {
    const { player, frame, frameSelf, playerSelf } = windowPair();
    const playerBridge = createBridge({
      target: frame,
      targetOrigin: 'http://screen',
      self: playerSelf,
      expose: { getPairingCode: () => 'ABC234' },
    });
    const link = openPlayerLink({ parent: player, ...frameSelf }, () => commands);
    await expect(link.ready).resolves.toBe('connected');
    await expect(link.bridge?.call('getPairingCode')).resolves.toBe('ABC234');
    await expect(playerBridge.call('setMute', true)).resolves.toEqual({ muted: true });
    await expect(playerBridge.call('getContentState')).resolves.toEqual({ version: 4 });
    link.close();
    playerBridge.close();
  });

  it('gives up as absent when the parent never answers', async () => {
    const silent: BridgeTarget = { postMessage() {} };
    const link = openPlayerLink(
      { parent: silent, addEventListener() {}, removeEventListener() {} },
      () => commands,
      { connectTimeoutMs: 50 },
    );
    await expect(link.ready).resolves.toBe('absent');
    link.close();
  });
});
