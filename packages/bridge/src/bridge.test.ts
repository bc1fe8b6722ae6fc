import {
  BRIDGE_CALL_TIMEOUT_MS,
  BRIDGE_CONNECT_TIMEOUT_MS,
  BRIDGE_PING_INTERVAL_MS,
} from '@marquee/protocol';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { FakeWindow, flush, link } from '../test/fakeWindows';
import { createBridge, type Bridge, type BridgeOptions } from './bridge';

const PLAYER_ORIGIN = 'http://127.0.0.1:5000';
const FRAME_ORIGIN = 'http://127.0.0.1:5001';
const EVIL_ORIGIN = 'http://127.0.0.1:6666';

let bridges: Bridge[];
let onError: Mock<(error: unknown) => void>;

/** A player window and its content frame, linked both ways. */
function windows() {
  const player = new FakeWindow(PLAYER_ORIGIN);
  const frame = new FakeWindow(FRAME_ORIGIN);
  const { toB: toFrame, toA: toPlayer } = link(player, frame);
  return { player, frame, toFrame, toPlayer };
}

function bridge(options: BridgeOptions): Bridge {
  const created = createBridge({ onError, ...options });
  bridges.push(created);
  return created;
}

/** The player listening to its frame, the frame connecting to the player: the usual pairing-page setup. */
function connectedPair(
  player: Partial<BridgeOptions> = {},
  frame: Partial<BridgeOptions> = {},
): ReturnType<typeof windows> & { playerBridge: Bridge; frameBridge: Bridge; connected: Promise<void> } {
  const w = windows();
  const playerBridge = bridge({
    target: w.toFrame,
    targetOrigin: FRAME_ORIGIN,
    self: w.player,
    id: 'player',
    ...player,
  });
  const frameBridge = bridge({
    target: w.toPlayer,
    targetOrigin: PLAYER_ORIGIN,
    self: w.frame,
    id: 'frame',
    ...frame,
  });
  const connected = frameBridge.connect();
  return { ...w, playerBridge, frameBridge, connected };
}

/** Settles a promise into a plain record, so a test can look at it without awaiting. */
function track<T>(promise: Promise<T>) {
  const state: { settled: number; value?: T; error?: string } = { settled: 0 };
  promise.then(
    (value) => {
      state.settled++;
      state.value = value;
    },
    (error: Error) => {
      state.settled++;
      state.error = error.message;
    },
  );
  return state;
}

beforeEach(() => {
  vi.useFakeTimers();
  bridges = [];
  onError = vi.fn();
});

afterEach(() => {
  for (const b of bridges) b.close();
  vi.useRealTimers();
});

describe('handshake', () => {
  it('pings at once and every ping interval, then rejects with connect timeout exactly at the time-out', async () => {
    const w = windows(); // the frame has no bridge: nobody answers
    const b = bridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN, self: w.player, id: 'player' });
    const result = track(b.connect());
    expect(w.toFrame.messages).toEqual([{ ping: { from: 'player', connection: '1' } }]);
    expect(w.toFrame.posted[0]?.targetOrigin).toBe(FRAME_ORIGIN);

    await vi.advanceTimersByTimeAsync(BRIDGE_PING_INTERVAL_MS - 1);
    expect(w.toFrame.posted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.toFrame.posted).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(BRIDGE_CONNECT_TIMEOUT_MS - BRIDGE_PING_INTERVAL_MS - 1);
    expect(result.settled).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ settled: 1, error: 'connect timeout' });
    expect(w.toFrame.posted).toHaveLength(BRIDGE_CONNECT_TIMEOUT_MS / BRIDGE_PING_INTERVAL_MS);
    expect(vi.getTimerCount()).toBe(0);
    expect(b.connected).toBe(false);

    await vi.advanceTimersByTimeAsync(BRIDGE_CONNECT_TIMEOUT_MS);
    expect(w.toFrame.posted).toHaveLength(BRIDGE_CONNECT_TIMEOUT_MS / BRIDGE_PING_INTERVAL_MS);
  });

  it('connects when the peer answers the first ping, and stops pinging', async () => {
    const { connected, playerBridge, frameBridge, toFrame, toPlayer } = connectedPair();
    await flush();
    await expect(connected).resolves.toBeUndefined();
    expect(toPlayer.messages).toEqual([{ ping: { from: 'frame', connection: '1' } }]);
    expect(toFrame.messages).toEqual([{ pong: { to: 'frame', from: 'player', connection: '1' } }]);
    expect(frameBridge.peer).toEqual({ id: 'player', origin: PLAYER_ORIGIN });
    expect(playerBridge.peer).toEqual({ id: 'frame', origin: FRAME_ORIGIN });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps pinging until a late listener answers', async () => {
    const w = windows();
    const frameBridge = bridge({
      target: w.toPlayer,
      targetOrigin: PLAYER_ORIGIN,
      self: w.frame,
      id: 'frame',
    });
    const result = track(frameBridge.connect());
    await vi.advanceTimersByTimeAsync(BRIDGE_PING_INTERVAL_MS * 20);
    bridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN, self: w.player, id: 'player' });
    await vi.advanceTimersByTimeAsync(BRIDGE_PING_INTERVAL_MS);
    expect(result).toEqual({ settled: 1, value: undefined });
    expect(w.toPlayer.posted).toHaveLength(22);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers every ping, but resolves once and adopts the peer once', async () => {
    const onConnect = vi.fn();
    const w = windows();
    bridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN, self: w.player, id: 'player', onConnect });
    w.player.dispatch({
      data: '{"ping":{"from":"frame","connection":"1"}}',
      origin: FRAME_ORIGIN,
      source: w.toFrame,
    });
    w.player.dispatch({
      data: '{"ping":{"from":"frame","connection":"1"}}',
      origin: FRAME_ORIGIN,
      source: w.toFrame,
    });
    expect(w.toFrame.messages).toEqual([
      { pong: { to: 'frame', from: 'player', connection: '1' } },
      { pong: { to: 'frame', from: 'player', connection: '1' } },
    ]);
    expect(onConnect).toHaveBeenCalledTimes(1);
    expect(onConnect).toHaveBeenCalledWith({ id: 'frame', origin: FRAME_ORIGIN });
  });

  it('omits connection from the pong when the ping had none', () => {
    const w = windows();
    bridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN, self: w.player, id: 'player' });
    w.player.dispatch({ data: '{"ping":{"from":"frame"}}', origin: FRAME_ORIGIN, source: w.toFrame });
    expect(w.toFrame.posted.map((p) => p.message)).toEqual(['{"pong":{"to":"frame","from":"player"}}']);
  });

  it('ignores a pong addressed to another id, or arriving when not connecting', async () => {
    const w = windows();
    const b = bridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN, self: w.player, id: 'player' });
    w.player.dispatch({
      data: '{"pong":{"to":"player","from":"frame"}}',
      origin: FRAME_ORIGIN,
      source: w.toFrame,
    });
    expect(b.connected).toBe(false);
    const result = track(b.connect());
    w.player.dispatch({
      data: '{"pong":{"to":"someone","from":"frame"}}',
      origin: FRAME_ORIGIN,
      source: w.toFrame,
    });
    await vi.advanceTimersByTimeAsync(BRIDGE_CONNECT_TIMEOUT_MS);
    expect(result).toEqual({ settled: 1, error: 'connect timeout' });
    expect(b.connected).toBe(false);
  });

  it('ignores its own pings when the target is its own window (an unframed page)', async () => {
    const top = new FakeWindow(PLAYER_ORIGIN);
    const { toB: toSelf } = link(top, top);
    const b = bridge({ target: toSelf, targetOrigin: PLAYER_ORIGIN, self: top, id: 'player' });
    toSelf.reverse = toSelf; // window.parent === window: the source is the target itself
    const result = track(b.connect());
    await vi.advanceTimersByTimeAsync(BRIDGE_CONNECT_TIMEOUT_MS);
    expect(result).toEqual({ settled: 1, error: 'connect timeout' });
    expect(toSelf.messages.every((m) => 'ping' in (m as object))).toBe(true);
  });

  it('shares one attempt between concurrent connects, resolves at once when connected, and can retry', async () => {
    const w = windows();
    const frameBridge = bridge({
      target: w.toPlayer,
      targetOrigin: PLAYER_ORIGIN,
      self: w.frame,
      id: 'frame',
    });
    const first = frameBridge.connect();
    expect(frameBridge.connect()).toBe(first);
    await expect(
      Promise.all([first, vi.advanceTimersByTimeAsync(BRIDGE_CONNECT_TIMEOUT_MS)]),
    ).rejects.toThrow('connect timeout');
    bridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN, self: w.player, id: 'player' });
    const retry = frameBridge.connect();
    expect(retry).not.toBe(first);
    await flush();
    await expect(retry).resolves.toBeUndefined();
    expect(w.toPlayer.messages.at(-1)).toEqual({ ping: { from: 'frame', connection: '2' } });
    const posted = w.toPlayer.posted.length;
    await expect(frameBridge.connect()).resolves.toBeUndefined();
    expect(w.toPlayer.posted).toHaveLength(posted);
  });

  it('connects when both sides connect at once', async () => {
    const w = windows();
    const a = bridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN, self: w.player, id: 'player' });
    const b = bridge({ target: w.toPlayer, targetOrigin: PLAYER_ORIGIN, self: w.frame, id: 'frame' });
    const both = Promise.all([a.connect(), b.connect()]);
    await flush();
    await expect(both).resolves.toEqual([undefined, undefined]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('calls', () => {
  it('calls the peer both ways with arguments, on the documented wire format', async () => {
    const { connected, playerBridge, frameBridge, toFrame, toPlayer } = connectedPair(
      { expose: { getPairingCode: async () => 'ABC234', echo: (...args: unknown[]) => args } },
      { expose: { getSize: () => ({ width: 1920, height: 1080 }) } },
    );
    await flush();
    await connected;
    const code = frameBridge.call('getPairingCode');
    const echo = frameBridge.call('echo', 1, 'two', { three: [3] }, null);
    const size = playerBridge.call<{ width: number }>('getSize');
    await flush();
    await expect(code).resolves.toBe('ABC234');
    await expect(echo).resolves.toEqual([1, 'two', { three: [3] }, null]);
    await expect(size).resolves.toEqual({ width: 1920, height: 1080 });
    expect(toPlayer.messages.slice(1)).toEqual([
      { call: { id: 1, method: 'getPairingCode', args: [] } },
      { call: { id: 2, method: 'echo', args: [1, 'two', { three: [3] }, null] } },
      { result: { id: 1, value: { width: 1920, height: 1080 } } },
    ]);
    expect(toFrame.messages.slice(1)).toEqual([
      { call: { id: 1, method: 'getSize', args: [] } },
      { result: { id: 1, value: 'ABC234' } },
      { result: { id: 2, value: [1, 'two', { three: [3] }, null] } },
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects with 'missing api method: {method}', also for inherited names", async () => {
    const { connected, frameBridge } = connectedPair({ expose: { getAppData: async () => ({}) } });
    await flush();
    await connected;
    const missing = ['x', 'toString', 'constructor', '__proto__'].map((m) => track(frameBridge.call(m)));
    await flush();
    expect(missing.map((m) => m.error)).toEqual([
      'missing api method: x',
      'missing api method: toString',
      'missing api method: constructor',
      'missing api method: __proto__',
    ]);
  });

  it('rejects with the error text of a throwing or rejecting method', async () => {
    const { connected, frameBridge } = connectedPair({
      expose: {
        throwing: () => {
          throw new Error('thrown text');
        },
        rejecting: () => Promise.reject(new Error('rejected text')),
        rejectingString: () => Promise.reject('just a string'),
      },
    });
    await flush();
    await connected;
    const calls = ['throwing', 'rejecting', 'rejectingString'].map((m) => track(frameBridge.call(m)));
    await flush();
    expect(calls).toEqual([
      { settled: 1, error: 'thrown text' },
      { settled: 1, error: 'rejected text' },
      { settled: 1, error: 'just a string' },
    ]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('rejects with the text of a result carrying an error', async () => {
    const { connected, playerBridge, toPlayer } = connectedPair(
      {},
      { expose: { never: () => new Promise(() => {}) } },
    );
    await flush();
    await connected;
    const call = track(playerBridge.call('never'));
    toPlayer.postMessage('{"result":{"id":1,"error":"from the peer"}}', PLAYER_ORIGIN);
    await flush();
    expect(call).toEqual({ settled: 1, error: 'from the peer' });
  });

  it("rejects with 'call timeout: {method}' exactly at the call time-out and drops the late result", async () => {
    let release: (value: string) => void = () => {};
    const { connected, frameBridge } = connectedPair({
      expose: { slowMethod: () => new Promise<string>((resolve) => (release = resolve)), fast: () => 'fast' },
    });
    await flush();
    await connected;
    const slow = track(frameBridge.call('slowMethod'));
    await vi.advanceTimersByTimeAsync(BRIDGE_CALL_TIMEOUT_MS - 1);
    expect(slow.settled).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(slow).toEqual({ settled: 1, error: 'call timeout: slowMethod' });
    expect(vi.getTimerCount()).toBe(0);

    release('too late');
    await flush();
    expect(slow).toEqual({ settled: 1, error: 'call timeout: slowMethod' });
    expect(onError).not.toHaveBeenCalled();
    const next = frameBridge.call('fast');
    await flush();
    await expect(next).resolves.toBe('fast');
  });

  it('holds a call made before any handshake and sends it once the peer connects', async () => {
    const w = windows();
    const playerBridge = bridge({
      target: w.toFrame,
      targetOrigin: FRAME_ORIGIN,
      self: w.player,
      id: 'player',
    });
    const early = playerBridge.call('getContentState', 'now');
    await vi.advanceTimersByTimeAsync(BRIDGE_CALL_TIMEOUT_MS / 2);
    expect(w.toFrame.posted).toEqual([]);
    const frameBridge = bridge({
      target: w.toPlayer,
      targetOrigin: PLAYER_ORIGIN,
      self: w.frame,
      id: 'frame',
      expose: { getContentState: (when: string) => `playing ${when}` },
    });
    await frameBridge.connect();
    await flush();
    await expect(early).resolves.toBe('playing now');
    expect(w.toFrame.messages).toEqual([
      { pong: { to: 'frame', from: 'player', connection: '1' } },
      { call: { id: 1, method: 'getContentState', args: ['now'] } },
    ]);
  });

  it('times a held call out when no peer comes', async () => {
    const w = windows();
    const b = bridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN, self: w.player });
    const early = track(b.call('getDeviceInfo'));
    await vi.advanceTimersByTimeAsync(BRIDGE_CALL_TIMEOUT_MS);
    expect(early).toEqual({ settled: 1, error: 'call timeout: getDeviceInfo' });
    bridge({ target: w.toPlayer, targetOrigin: PLAYER_ORIGIN, self: w.frame }).connect();
    await flush();
    expect(w.toFrame.messages.filter((m) => 'call' in (m as object))).toEqual([]);
  });

  it('rejects at once with the serialisation error when the arguments are not JSON', async () => {
    const { connected, frameBridge, toPlayer } = connectedPair();
    await flush();
    await connected;
    const posted = toPlayer.posted.length;
    await expect(frameBridge.call('storageSet', 'key', 1n)).rejects.toThrow(/BigInt/);
    expect(toPlayer.posted).toHaveLength(posted);
  });

  it('answers with the serialisation error when the returned value is not JSON', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const { connected, frameBridge } = connectedPair({ expose: { getAppData: () => cyclic } });
    await flush();
    await connected;
    const call = track(frameBridge.call('getAppData'));
    await flush();
    expect(call.error).toMatch(/circular/i);
  });

  it('does not answer a call whose caller reloaded while the method ran', async () => {
    let release: () => void = () => {};
    const { connected, frameBridge, toFrame, toPlayer, frame, playerBridge } = connectedPair({
      expose: { screenshot: () => new Promise<void>((resolve) => (release = resolve)) },
    });
    await flush();
    await connected;
    void frameBridge.call('screenshot').catch(() => {});
    await flush();
    frameBridge.close();
    const reloaded = bridge({ target: toPlayer, targetOrigin: PLAYER_ORIGIN, self: frame, id: 'frame-2' });
    await reloaded.connect();
    await flush();
    expect(playerBridge.peer?.id).toBe('frame-2');
    const before = toFrame.posted.length;
    release();
    await flush();
    expect(toFrame.posted).toHaveLength(before);
  });
  it('keeps two bridges in one window apart: the player answers its frame from its native parent', async () => {
    const HOST_ORIGIN = 'http://127.0.0.1:4000';
    const host = new FakeWindow(HOST_ORIGIN);
    const w = windows();
    const { toB: hostToPlayer, toA: playerToHost } = link(host, w.player);
    bridge({
      target: hostToPlayer,
      targetOrigin: PLAYER_ORIGIN,
      self: host,
      id: 'host',
      expose: { getAuthData: async () => ({ token: 'from-host' }), getModel: () => 'Kiosk 1' },
    });
    const toParent = bridge({
      target: playerToHost,
      targetOrigin: HOST_ORIGIN,
      self: w.player,
      id: 'player-up',
    });
    bridge({
      target: w.toFrame,
      targetOrigin: FRAME_ORIGIN,
      self: w.player,
      id: 'player-down',
      expose: { getAuthData: () => toParent.call('getAuthData') },
    });
    const frameBridge = bridge({
      target: w.toPlayer,
      targetOrigin: PLAYER_ORIGIN,
      self: w.frame,
      id: 'frame',
    });
    await toParent.connect();
    await frameBridge.connect();
    const auth = frameBridge.call('getAuthData');
    const model = frameBridge.call('getModel'); // the host's, but the frame may only reach the player's own API
    await flush();
    await expect(auth).resolves.toEqual({ token: 'from-host' });
    await expect(model).rejects.toThrow(new Error('missing api method: getModel'));
    await expect(toParent.call('getModel')).resolves.toBe('Kiosk 1');
  });
});

describe('events', () => {
  it('delivers events only for the types the peer subscribed to, until it unsubscribes', async () => {
    const { connected, playerBridge, frameBridge, toPlayer } = connectedPair();
    await flush();
    await connected;
    expect(playerBridge.emit('mute', true)).toBe(false);

    const first = vi.fn();
    const second = vi.fn();
    const offFirst = frameBridge.on('mute', first);
    const offSecond = frameBridge.on('mute', second);
    await flush();
    expect(toPlayer.messages.slice(1)).toEqual([{ subscribe: 'mute' }]);
    expect(playerBridge.isSubscribed('mute')).toBe(true);
    expect(playerBridge.isSubscribed('volume')).toBe(false);

    expect(playerBridge.emit('mute', { on: true })).toBe(true);
    expect(playerBridge.emit('volume', 3)).toBe(false);
    await flush();
    expect(first).toHaveBeenCalledWith({ on: true });
    expect(second).toHaveBeenCalledWith({ on: true });

    offFirst();
    offFirst();
    await flush();
    expect(playerBridge.isSubscribed('mute')).toBe(true);
    playerBridge.emit('mute', 'again');
    await flush();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);

    offSecond();
    await flush();
    expect(toPlayer.messages.slice(1)).toEqual([{ subscribe: 'mute' }, { unsubscribe: 'mute' }]);
    expect(playerBridge.isSubscribed('mute')).toBe(false);
    expect(playerBridge.emit('mute', 'unheard')).toBe(false);
  });

  it('sends subscriptions made before the handshake right after it', async () => {
    const w = windows();
    const player = bridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN, self: w.player, id: 'player' });
    player.on('contentReady', () => {});
    const frame = bridge({ target: w.toPlayer, targetOrigin: PLAYER_ORIGIN, self: w.frame, id: 'frame' });
    const heard = vi.fn();
    frame.on('screenshotRequested', heard);
    frame.on('mute', heard);
    await frame.connect();
    await flush();
    expect(w.toFrame.messages).toEqual([
      { pong: { to: 'frame', from: 'player', connection: '1' } },
      { subscribe: 'contentReady' },
    ]);
    expect(w.toPlayer.messages.slice(1)).toEqual([
      { subscribe: 'screenshotRequested' },
      { subscribe: 'mute' },
    ]);
    expect(frame.isSubscribed('contentReady')).toBe(true);
    expect(player.emit('screenshotRequested', { id: 7 })).toBe(true);
    await flush();
    expect(heard).toHaveBeenCalledWith({ id: 7 });
  });

  it('reports a throwing handler to onError and keeps running the others and the bridge', async () => {
    const { connected, playerBridge, frameBridge } = connectedPair({ expose: { ok: () => 'ok' } });
    await flush();
    await connected;
    const failure = new Error('handler failed');
    const other = vi.fn();
    frameBridge.on('tick', () => {
      throw failure;
    });
    frameBridge.on('tick', other);
    await flush();
    playerBridge.emit('tick', 1);
    await flush();
    expect(onError).toHaveBeenCalledWith(failure);
    expect(other).toHaveBeenCalledWith(1);
    const call = frameBridge.call('ok');
    await flush();
    await expect(call).resolves.toBe('ok');
  });

  it('forgets the subscriptions of a peer that reloaded, and resubscribes with the new one', async () => {
    const onConnect = vi.fn();
    const { connected, playerBridge, frameBridge, frame, toPlayer } = connectedPair({ onConnect });
    await flush();
    await connected;
    playerBridge.on('contentReady', () => {});
    frameBridge.on('mute', () => {});
    await flush();
    expect(playerBridge.isSubscribed('mute')).toBe(true);

    frameBridge.close(); // the frame navigates: no goodbye
    const reloaded = bridge({ target: toPlayer, targetOrigin: PLAYER_ORIGIN, self: frame, id: 'frame-2' });
    await reloaded.connect();
    await flush();
    expect(onConnect.mock.calls).toEqual([
      [{ id: 'frame', origin: FRAME_ORIGIN }],
      [{ id: 'frame-2', origin: FRAME_ORIGIN }],
    ]);
    expect(playerBridge.isSubscribed('mute')).toBe(false);
    expect(reloaded.isSubscribed('contentReady')).toBe(true);
  });

  it('tells onSubscribe of each new subscription, so a state event can follow it; a throw is reported', async () => {
    const onSubscribe = vi.fn((type: string) => {
      if (type === 'start') playerBridge.emit('start', { since: 1 });
      else throw new Error('onSubscribe failed');
    });
    const { connected, playerBridge, frameBridge } = connectedPair({ onSubscribe });
    await flush();
    await connected;
    const started = vi.fn();
    frameBridge.on('start', started);
    frameBridge.on('start', () => {});
    frameBridge.on('stop', () => {});
    await flush();
    expect(onSubscribe.mock.calls).toEqual([['start'], ['stop']]);
    expect(started).toHaveBeenCalledWith({ since: 1 });
    expect(onError).toHaveBeenCalledWith(new Error('onSubscribe failed'));
    expect(playerBridge.isSubscribed('stop')).toBe(true);
  });

  it('reports a throwing onConnect and still connects', async () => {
    const failure = new Error('onConnect failed');
    const { connected, playerBridge } = connectedPair({
      onConnect: () => {
        throw failure;
      },
    });
    await flush();
    await connected;
    expect(onError).toHaveBeenCalledWith(failure);
    expect(playerBridge.connected).toBe(true);
  });
});

describe('pinning', () => {
  /** The player waits on the frame's slowMethod; the frame exposes a secret nobody else may call. */
  async function connectedWithPendingCall() {
    const secret = vi.fn(() => 'secret');
    let release: (value: string) => void = () => {};
    const pair = connectedPair(
      {},
      { expose: { secret, slowMethod: () => new Promise<string>((resolve) => (release = resolve)) } },
    );
    await flush();
    await pair.connected;
    const pending = track(pair.playerBridge.call('slowMethod'));
    await flush();
    return { ...pair, secret, pending, release: (value: string) => release(value) };
  }

  it('ignores forged results, calls and handshakes from another window, even from the right origin', async () => {
    const { player, frame, toPlayer, toFrame, secret, pending, release, playerBridge, frameBridge } =
      await connectedWithPendingCall();
    // A sibling frame that speaks from the very origins the bridges expect.
    const intruderAsFrame = new FakeWindow(FRAME_ORIGIN);
    const intruderAsPlayer = new FakeWindow(PLAYER_ORIGIN);
    const { toB: intruderToPlayer, toA: playerToIntruder } = link(intruderAsFrame, player);
    const { toB: intruderToFrame, toA: frameToIntruder } = link(intruderAsPlayer, frame);
    for (const target of [intruderToPlayer, intruderToFrame]) {
      for (const forged of [
        '{"result":{"id":1,"value":"forged"}}',
        '{"call":{"id":1,"method":"secret","args":[]}}',
        '{"ping":{"from":"intruder","connection":"1"}}',
        '{"pong":{"to":"frame","from":"intruder"}}',
        '{"subscribe":"mute"}',
      ]) {
        target.postMessage(forged, '*');
      }
    }
    await flush();
    expect(secret).not.toHaveBeenCalled();
    expect(playerToIntruder.posted).toEqual([]);
    expect(frameToIntruder.posted).toEqual([]);
    expect(pending.settled).toBe(0);
    expect(playerBridge.peer?.id).toBe('frame');
    expect(frameBridge.isSubscribed('mute')).toBe(false);
    expect(toFrame.posted).toHaveLength(2); // the pong and the genuine call
    expect(toPlayer.posted).toHaveLength(1); // the ping
    release('genuine');
    await flush();
    expect(pending).toEqual({ settled: 1, value: 'genuine' });
  });

  it('ignores messages from the pinned window once it speaks from another origin', async () => {
    const { player, frame, toPlayer, toFrame, secret, pending, release, playerBridge } =
      await connectedWithPendingCall();
    // Each window navigated to a foreign page that now posts to the other.
    frame.origin = EVIL_ORIGIN;
    toPlayer.postMessage('{"result":{"id":1,"value":"forged"}}', '*');
    toPlayer.postMessage('{"ping":{"from":"evil","connection":"1"}}', '*');
    player.origin = EVIL_ORIGIN;
    toFrame.postMessage('{"call":{"id":9,"method":"secret","args":[]}}', '*');
    await flush();
    expect(secret).not.toHaveBeenCalled();
    expect(pending.settled).toBe(0);
    expect(playerBridge.peer?.id).toBe('frame');
    expect(toFrame.posted.filter((p) => p.message.includes('"to":"evil"'))).toEqual([]);
    frame.origin = FRAME_ORIGIN;
    player.origin = PLAYER_ORIGIN;
    release('genuine');
    await flush();
    expect(pending).toEqual({ settled: 1, value: 'genuine' });
  });

  it('looks at nothing but a handshake before one happened', async () => {
    const secret = vi.fn();
    const w = windows();
    const b = bridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN, self: w.player, expose: { secret } });
    const onEvent = vi.fn();
    b.on('mute', onEvent);
    for (const data of [
      '{"call":{"id":1,"method":"secret"}}',
      '{"event":{"type":"mute"}}',
      '{"subscribe":"x"}',
    ]) {
      w.player.dispatch({ data, origin: FRAME_ORIGIN, source: w.toFrame });
    }
    await flush();
    expect(secret).not.toHaveBeenCalled();
    expect(onEvent).not.toHaveBeenCalled();
    expect(b.isSubscribed('x')).toBe(false);
    expect(w.toFrame.posted).toEqual([]);
  });

  it("refuses '*' without the explicit opt-in", () => {
    const w = windows();
    expect(() => createBridge({ target: w.toFrame, targetOrigin: '*', self: w.player })).toThrow(
      "bridge targetOrigin '*' requires allowAnyOrigin: true",
    );
    expect(w.player.listenerCount).toBe(0);
  });

  it("with '*' allowed, pins the first handshake's origin and then posts to it only", async () => {
    const { connected, playerBridge, frame, toFrame, toPlayer } = connectedPair({
      targetOrigin: '*',
      allowAnyOrigin: true,
      expose: { secret: () => 'secret' },
    });
    await flush();
    await connected;
    expect(toFrame.posted[0]?.targetOrigin).toBe(FRAME_ORIGIN);
    expect(playerBridge.peer?.origin).toBe(FRAME_ORIGIN);
    frame.origin = EVIL_ORIGIN;
    toPlayer.postMessage('{"ping":{"from":"evil-frame","connection":"1"}}', '*');
    toPlayer.postMessage('{"call":{"id":5,"method":"secret"}}', '*');
    await flush();
    expect(toFrame.posted).toHaveLength(1);
    expect(playerBridge.peer?.id).toBe('frame');
  });

  it("with '*' allowed and an opaque-origin (sandboxed) frame, keeps posting to '*'", async () => {
    const w = windows();
    w.frame.origin = 'null';
    bridge({
      target: w.toFrame,
      targetOrigin: '*',
      allowAnyOrigin: true,
      self: w.player,
      expose: { ok: () => 'ok' },
    });
    const sandboxed = bridge({ target: w.toPlayer, targetOrigin: PLAYER_ORIGIN, self: w.frame });
    await sandboxed.connect();
    const call = sandboxed.call('ok');
    await flush();
    await expect(call).resolves.toBe('ok');
    expect(w.toFrame.posted.map((p) => p.targetOrigin)).toEqual(['*', '*']);
  });
});

describe('garbage', () => {
  const garbage: unknown[] = [
    undefined,
    null,
    42,
    { ping: { from: 'x' } },
    ['{"ping":{"from":"x"}}'],
    new ArrayBuffer(8),
    '',
    'hello',
    '{',
    '{"ping":',
    'null',
    '[]',
    '"string"',
    '{"call":{"id":1}}',
    '{"call":{"id":1,"method":"ok","args":"not an array"}}',
    '{"result":{"value":1}}',
    '{"result":{"id":{"nested":1},"value":1}}',
    '{"event":{"data":1}}',
    '{"subscribe":42}',
    '{"ping":{"from":"a"},"call":{"id":1,"method":"ok"}}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    `{"event":{"type":"t","data":"${'x'.repeat(2_000_000)}"}}`,
  ];

  it('tolerates garbage from the peer before and after the handshake, without throwing or reporting', async () => {
    const w = windows();
    const playerBridge = bridge({
      target: w.toFrame,
      targetOrigin: FRAME_ORIGIN,
      self: w.player,
      expose: { ok: () => 'ok' },
      maxMessageLength: 1_000_000,
    });
    const hear = vi.fn();
    playerBridge.on('t', hear);
    const send = () => {
      for (const data of garbage) w.player.dispatch({ data, origin: FRAME_ORIGIN, source: w.toFrame });
    };
    expect(send).not.toThrow();
    const frameBridge = bridge({ target: w.toPlayer, targetOrigin: PLAYER_ORIGIN, self: w.frame });
    await frameBridge.connect();
    await flush();
    expect(send).not.toThrow();
    await flush();
    expect(hear).not.toHaveBeenCalled(); // the only well-formed event was over the length limit
    expect(onError).not.toHaveBeenCalled();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const call = frameBridge.call('ok');
    await flush();
    await expect(call).resolves.toBe('ok');
  });

  it('passes a large message within the length limit', async () => {
    const { connected, playerBridge, frameBridge } = connectedPair({}, { maxMessageLength: 3_000_000 });
    await flush();
    await connected;
    const hear = vi.fn();
    frameBridge.on('screenshot', hear);
    await flush();
    const big = 'x'.repeat(2_000_000);
    playerBridge.emit('screenshot', big);
    await flush();
    expect(hear).toHaveBeenCalledWith(big);
  });

  it('reports a failing postMessage instead of throwing', async () => {
    const w = windows();
    const failure = new Error('postMessage failed');
    const target = {
      postMessage: () => {
        throw failure;
      },
    };
    const b = bridge({ target, targetOrigin: FRAME_ORIGIN, self: w.player });
    const result = track(b.connect());
    expect(onError).toHaveBeenCalledWith(failure);
    await vi.advanceTimersByTimeAsync(BRIDGE_CONNECT_TIMEOUT_MS);
    expect(result.error).toBe('connect timeout');
  });

  it('survives an onError that throws', () => {
    const w = windows();
    const b = createBridge({
      target: {
        postMessage: () => {
          throw new Error('post');
        },
      },
      targetOrigin: FRAME_ORIGIN,
      self: w.player,
      onError: () => {
        throw new Error('onError');
      },
    });
    bridges.push(b);
    expect(() => void b.connect().catch(() => {})).not.toThrow();
  });
});

describe('close', () => {
  it("rejects the pending calls and the connect with 'bridge closed' and releases every timer and listener", async () => {
    const w = windows();
    const b = bridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN, self: w.player });
    const connect = track(b.connect());
    const calls = [track(b.call('a')), track(b.call('b'))];
    expect(vi.getTimerCount()).toBe(4);
    expect(w.player.listenerCount).toBe(1);
    b.close();
    b.close();
    await flush();
    expect(connect).toEqual({ settled: 1, error: 'bridge closed' });
    expect(calls).toEqual([
      { settled: 1, error: 'bridge closed' },
      { settled: 1, error: 'bridge closed' },
    ]);
    expect(vi.getTimerCount()).toBe(0);
    expect(w.player.listenerCount).toBe(0);
    expect(b.closed).toBe(true);
    expect(b.connected).toBe(false);
  });

  it('refuses new work afterwards', async () => {
    const { connected, playerBridge, frameBridge, toPlayer } = connectedPair();
    await flush();
    await connected;
    frameBridge.on('mute', () => {});
    await flush();
    frameBridge.close();
    const posted = toPlayer.posted.length;
    await expect(frameBridge.call('x')).rejects.toThrow(new Error('bridge closed'));
    await expect(frameBridge.connect()).rejects.toThrow(new Error('bridge closed'));
    expect(frameBridge.emit('x', 1)).toBe(false);
    const off = frameBridge.on('y', () => {});
    off();
    expect(toPlayer.posted).toHaveLength(posted);
    expect(playerBridge.isSubscribed('y')).toBe(false);
  });

  it('does not answer calls that arrive or finish after close', async () => {
    let release: (value: string) => void = () => {};
    const { connected, playerBridge, frameBridge, toFrame } = connectedPair({
      expose: { slow: () => new Promise<string>((resolve) => (release = resolve)) },
    });
    await flush();
    await connected;
    const call = track(frameBridge.call('slow'));
    await flush();
    playerBridge.close();
    const posted = toFrame.posted.length;
    release('after close');
    await flush();
    expect(toFrame.posted).toHaveLength(posted);
    await vi.advanceTimersByTimeAsync(BRIDGE_CALL_TIMEOUT_MS);
    expect(call).toEqual({ settled: 1, error: 'call timeout: slow' });
  });

  it('leaves nothing behind after many calls and events (months of signage)', async () => {
    const { connected, playerBridge, frameBridge } = connectedPair({ expose: { n: (i: number) => i } });
    await flush();
    await connected;
    let total = 0;
    const off = playerBridge.on('tick', (n) => (total += n as number));
    await flush();
    for (let i = 0; i < 2000; i++) {
      const call = frameBridge.call('n', i);
      frameBridge.emit('tick', 1);
      await flush();
      await expect(call).resolves.toBe(i);
    }
    expect(total).toBe(2000);
    expect(vi.getTimerCount()).toBe(0);
    off();
  });

  it('needs a window when none is given and there is no global one', () => {
    const w = windows();
    expect(() => createBridge({ target: w.toFrame, targetOrigin: FRAME_ORIGIN })).toThrow(
      'bridge needs a window: pass options.self',
    );
  });
});
