import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createBridge,
  type Bridge,
  type BridgeMessageEvent,
  type BridgeSelf,
  type BridgeTarget,
  type ExposedApi,
} from '@marquee/bridge';
import { PlayerStatsSchema } from '@marquee/protocol';
import { trackOnlineTime } from './onlineTime';
import { collectPlayerStats, probeFrame, readJsHeap, statsPath } from './playerStats';

const ORIGIN = 'http://player.test';

/** One window's message listeners. */
class TestWindow implements BridgeSelf {
  readonly listeners = new Set<(event: BridgeMessageEvent) => void>();
  addEventListener(_type: 'message', listener: (event: BridgeMessageEvent) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: BridgeMessageEvent) => void) {
    this.listeners.delete(listener);
  }
}

/** Two windows posting to each other asynchronously, as a browser does; `source` is the receiver's handle. */
function link(a: TestWindow, b: TestWindow): { toA: BridgeTarget; toB: BridgeTarget } {
  const deliver = (to: TestWindow, source: () => BridgeTarget) => (data: string) =>
    queueMicrotask(() => {
      for (const listener of to.listeners) listener({ data, origin: ORIGIN, source: source() });
    });
  const toB: BridgeTarget = { postMessage: deliver(b, () => toA) };
  const toA: BridgeTarget = { postMessage: deliver(a, () => toB) };
  return { toA, toB };
}

let bridges: Bridge[] = [];

/** The player's bridge to a content frame exposing `frameApi` (null: a frame whose page never answers). */
function playerAndFrame(frameApi: ExposedApi | null): Bridge {
  const player = new TestWindow();
  const frame = new TestWindow();
  const { toA: toPlayer, toB: toFrame } = link(player, frame);
  const playerBridge = createBridge({ target: toFrame, targetOrigin: ORIGIN, self: player });
  bridges.push(playerBridge);
  if (frameApi !== null) {
    const frameBridge = createBridge({
      target: toPlayer,
      targetOrigin: ORIGIN,
      self: frame,
      expose: frameApi,
    });
    bridges.push(frameBridge);
    frameBridge.connect().catch(() => {});
  }
  return playerBridge;
}

beforeEach(() => {
  bridges = [];
});
afterEach(() => {
  for (const bridge of bridges) bridge.close();
  vi.useRealTimers();
});

describe('probeFrame', () => {
  it('reads the manifest version the frame shows', async () => {
    const frame = playerAndFrame({ getContentState: () => ({ version: 4, index: 0, item: null }) });
    await expect(probeFrame(frame)).resolves.toEqual({ frameResponsive: true, contentVersion: 4 });
  });

  it('counts a frame without content (the pairing page) or answering an error as responsive', async () => {
    const pairing = playerAndFrame({ getContentState: () => ({ showing: 'pairing' }) });
    await expect(probeFrame(pairing)).resolves.toEqual({ frameResponsive: true, contentVersion: null });
    const failing = playerAndFrame({
      getContentState: () => {
        throw new Error('not ready');
      },
    });
    await expect(probeFrame(failing)).resolves.toEqual({ frameResponsive: true, contentVersion: null });
  });

  it('counts a frame that does not answer within the call time-out, or no frame, as not responsive', async () => {
    vi.useFakeTimers();
    const silent = playerAndFrame(null);
    const probe = probeFrame(silent);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(probe).resolves.toEqual({ frameResponsive: false, contentVersion: null });
    await expect(probeFrame(null)).resolves.toEqual({ frameResponsive: false, contentVersion: null });
  });
});

describe('readJsHeap', () => {
  it('reads performance.memory where the browser has it', () => {
    const memory = { usedJSHeapSize: 10, totalJSHeapSize: 20, jsHeapSizeLimit: 40 };
    expect(readJsHeap({ memory })).toEqual({ used: 10, total: 20, limit: 40 });
  });

  it('is null without it, or when it holds something else', () => {
    expect(readJsHeap({})).toBeNull();
    expect(readJsHeap(undefined)).toBeNull();
    expect(readJsHeap({ memory: { usedJSHeapSize: -1, totalJSHeapSize: 2, jsHeapSizeLimit: 3 } })).toBeNull();
    expect(
      readJsHeap({ memory: { usedJSHeapSize: '1', totalJSHeapSize: 2, jsHeapSizeLimit: 3 } }),
    ).toBeNull();
  });
});

describe('collectPlayerStats', () => {
  it('puts together a report the server accepts', async () => {
    let now = 1_000_000;
    const clock = () => now;
    const onlineTime = trackOnlineTime({ startedAt: now, online: true, clock });
    now += 40_000;
    onlineTime.set(false);
    now += 25_500;
    const frame = playerAndFrame({ getContentState: () => ({ version: 2 }) });
    const stats = await collectPlayerStats({
      startedAt: 1_000_000,
      onlineTime,
      frame: () => frame,
      performance: { memory: { usedJSHeapSize: 1, totalJSHeapSize: 2, jsHeapSizeLimit: 3 } },
      clock,
    });
    expect(stats).toEqual({
      uptime: 65,
      heap: { used: 1, total: 2, limit: 3 },
      frameResponsive: true,
      contentVersion: 2,
      onlineSeconds: 40,
      offlineSeconds: 25,
    });
    expect(PlayerStatsSchema.parse(stats)).toEqual(stats);
  });

  it("reports the content watchdog's recoveries when it runs", async () => {
    const stats = await collectPlayerStats({
      startedAt: 0,
      onlineTime: trackOnlineTime({ startedAt: 0, online: true, clock: () => 0 }),
      frame: () => null,
      performance: {},
      frameRecoveries: () => 2,
      clock: () => 0,
    });
    expect(stats).toMatchObject({ frameResponsive: false, frameRecoveries: 2 });
    expect(PlayerStatsSchema.parse(stats)).toEqual(stats);
  });

  it('builds the route of docs/protocols/player-api.md §Stats', () => {
    expect(statsPath('room 1')).toBe('/_internal/players/room%201/stats');
  });
});
