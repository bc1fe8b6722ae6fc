// The bridge: one side of the window-message RPC (docs/protocols/bridge.md §Messages, §Timeouts). Either side may
// connect (ping until ponged) and every side answers pings, so the player, its content frame and a native parent all
// use the same object. A side only ever listens to its target window, from the pinned origin; before a handshake
// only pings and pongs are looked at. Everything it holds — listener, timers, pending calls — is released by
// `close()`.

import {
  BRIDGE_CALL_TIMEOUT_MS,
  BRIDGE_CONNECT_TIMEOUT_MS,
  BRIDGE_PING_INTERVAL_MS,
  defaultTimers,
  type Timers,
} from '@marquee/protocol';
import { ConnectAttempt } from './connectAttempt';
import { errorText } from './errorText';
import { EventHandlers, type EventHandler } from './eventHandlers';
import { invokeExposed, type ExposedApi } from './exposedApi';
import { encodeMessage, parseMessage, type BridgeMessage, type ConnectionTag } from './messages';
import { OriginPin } from './originPin';
import { PendingCalls } from './pendingCalls';
import { randomId } from './randomId';

/**
 * Messages longer than this many characters are ignored unparsed (docs/security.md §Limits): a bound on what a
 * hostile or broken peer can make us parse, well above a full-screen screenshot as a data URL.
 */
export const DEFAULT_MAX_MESSAGE_LENGTH = 32 * 1024 * 1024;

/** The window the peer lives in (`window.parent`, `iframe.contentWindow`). */
export interface BridgeTarget {
  postMessage(message: string, targetOrigin: string): void;
}

/** The part of a `message` event the bridge reads. */
export interface BridgeMessageEvent {
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
}

/** Where this side's messages arrive: its own window. */
export interface BridgeSelf {
  addEventListener(type: 'message', listener: (event: BridgeMessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: BridgeMessageEvent) => void): void;
}

export interface BridgePeer {
  /**
   * The peer bridge's instance id; a reloaded peer comes back with a new one. null for a peer that sends none
   * (docs/protocols/bridge.md §Tolerances): one stable peer.
   */
  readonly id: string | null;
  readonly origin: string;
}

export interface BridgeOptions {
  /** The peer's window. Messages from any other window are ignored. */
  target: BridgeTarget;
  /** The peer's origin, e.g. 'http://127.0.0.1:5001'. '*' accepts the first handshake's origin and pins it. */
  targetOrigin: string;
  /** Must be true for targetOrigin '*': accepting any origin is an explicit decision. */
  allowAnyOrigin?: boolean;
  /** This side's window (default: the global one). */
  self?: BridgeSelf;
  /** The methods the peer may call. */
  expose?: ExposedApi;
  /** This instance's id (default: random). Must differ between instances; the peer tells reloads apart by it. */
  id?: string;
  timers?: Timers;
  callTimeoutMs?: number;
  connectTimeoutMs?: number;
  pingIntervalMs?: number;
  maxMessageLength?: number;
  /** Called for each new peer instance: on the first handshake and again after the peer reloaded. */
  onConnect?: (peer: BridgePeer) => void;
  /**
   * Called when the peer subscribes to an event type, so a side can send a state event (an app's `start`) to a
   * peer that subscribed after the state began.
   */
  onSubscribe?: (type: string) => void;
  /** Receives what went wrong outside any call: a throwing event handler or onConnect, a failing postMessage. */
  onError?: (error: unknown) => void;
}

export interface Bridge {
  readonly id: string;
  /** The connected peer instance, once a handshake happened either way. */
  readonly peer: BridgePeer | undefined;
  readonly connected: boolean;
  readonly closed: boolean;
  /**
   * Pings the target until it answers; rejects with 'connect timeout' after the connect time-out. Resolves at once
   * when already connected; concurrent calls share one attempt.
   */
  connect(): Promise<void>;
  /**
   * Calls a method the peer exposes. Rejects with the peer's error text, with 'call timeout: {method}' after the
   * call time-out, or with 'bridge closed'. Made before a handshake, the call is sent once there is a peer.
   */
  call<T = unknown>(method: string, ...args: unknown[]): Promise<T>;
  /** Handles the peer's events of `type` (subscribing on the peer); returns the function that undoes it. */
  on(type: string, handler: EventHandler): () => void;
  /** Sends an event to the peer if it subscribed to `type`; returns whether it was sent. */
  emit(type: string, data?: unknown): boolean;
  /** Whether the peer subscribed to `type`. */
  isSubscribed(type: string): boolean;
  /** Stops listening, releases every timer and rejects pending calls and connect with 'bridge closed'. */
  close(): void;
}

const CLOSED = 'bridge closed';

export function createBridge(options: BridgeOptions): Bridge {
  return new WindowBridge(options);
}

class WindowBridge implements Bridge {
  readonly id: string;
  readonly #target: BridgeTarget;
  readonly #self: BridgeSelf;
  readonly #expose: ExposedApi;
  readonly #origin: OriginPin;
  readonly #timers: Timers;
  readonly #callTimeoutMs: number;
  readonly #connectTimeoutMs: number;
  readonly #pingIntervalMs: number;
  readonly #maxMessageLength: number;
  readonly #onConnect: ((peer: BridgePeer) => void) | undefined;
  readonly #onSubscribe: ((type: string) => void) | undefined;
  readonly #onError: (error: unknown) => void;
  readonly #pending: PendingCalls;
  readonly #handlers = new EventHandlers();
  /** Event types the peer subscribed to. */
  readonly #peerSubscriptions = new Set<string>();
  #peer: BridgePeer | undefined;
  #attempt: ConnectAttempt | undefined;
  #connectCount = 0;
  #closed = false;

  constructor(options: BridgeOptions) {
    this.#origin = new OriginPin(options.targetOrigin, options.allowAnyOrigin === true);
    this.#target = options.target;
    this.#self = options.self ?? globalSelf();
    this.#expose = options.expose ?? {};
    this.id = options.id ?? randomId();
    this.#timers = options.timers ?? defaultTimers;
    this.#callTimeoutMs = options.callTimeoutMs ?? BRIDGE_CALL_TIMEOUT_MS;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? BRIDGE_CONNECT_TIMEOUT_MS;
    this.#pingIntervalMs = options.pingIntervalMs ?? BRIDGE_PING_INTERVAL_MS;
    this.#maxMessageLength = options.maxMessageLength ?? DEFAULT_MAX_MESSAGE_LENGTH;
    this.#onConnect = options.onConnect;
    this.#onSubscribe = options.onSubscribe;
    this.#onError = options.onError ?? ((error) => console.error('[marquee bridge]', error));
    this.#pending = new PendingCalls(this.#timers, this.#callTimeoutMs);
    this.#self.addEventListener('message', this.#listener);
  }

  get peer(): BridgePeer | undefined {
    return this.#peer;
  }

  get connected(): boolean {
    return this.#peer !== undefined;
  }

  get closed(): boolean {
    return this.#closed;
  }

  connect(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error(CLOSED));
    if (this.#attempt?.active) return this.#attempt.promise;
    if (this.#peer !== undefined) return Promise.resolve();
    const connection = String(++this.#connectCount);
    const attempt = new ConnectAttempt({
      timers: this.#timers,
      pingIntervalMs: this.#pingIntervalMs,
      timeoutMs: this.#connectTimeoutMs,
      sendPing: () => this.#send({ kind: 'ping', from: this.id, connection }),
    });
    this.#attempt = attempt;
    attempt.start();
    return attempt.promise;
  }

  call<T = unknown>(method: string, ...args: unknown[]): Promise<T> {
    if (this.#closed) return Promise.reject(new Error(CLOSED));
    const { id, promise } = this.#pending.add(method);
    let encoded: string;
    try {
      encoded = encodeMessage({ kind: 'call', id, method, args });
    } catch (error) {
      this.#pending.settle(id, { ok: false, error: errorText(error) });
      return promise as Promise<T>;
    }
    if (this.#peer === undefined) this.#pending.hold(id, encoded);
    else this.#post(encoded);
    return promise as Promise<T>;
  }

  on(type: string, handler: EventHandler): () => void {
    if (this.#closed) return () => {};
    const { registration, first } = this.#handlers.add(type, handler);
    if (first && this.#peer !== undefined) this.#send({ kind: 'subscribe', name: type });
    return () => {
      const last = this.#handlers.remove(type, registration);
      if (last && !this.#closed && this.#peer !== undefined) this.#send({ kind: 'unsubscribe', name: type });
    };
  }

  emit(type: string, data?: unknown): boolean {
    if (this.#closed || this.#peer === undefined || !this.#peerSubscriptions.has(type)) return false;
    return this.#send({ kind: 'event', type, data });
  }

  isSubscribed(type: string): boolean {
    return this.#peerSubscriptions.has(type);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#self.removeEventListener('message', this.#listener);
    this.#attempt?.fail(CLOSED);
    this.#attempt = undefined;
    this.#pending.rejectAll(CLOSED);
    this.#handlers.clear();
    this.#peerSubscriptions.clear();
    this.#peer = undefined;
  }

  // An arrow property: the same function object is added and removed, and `this` is bound for the browser.
  readonly #listener = (event: BridgeMessageEvent): void => {
    try {
      this.#receive(event);
    } catch (error) {
      // Only a bug of ours gets here (parsing and handlers are guarded); never let it escape into the window.
      this.#report(error);
    }
  };

  #receive(event: BridgeMessageEvent): void {
    if (this.#closed || event.source !== this.#target || !this.#origin.admits(event.origin)) return;
    const message = parseMessage(event.data, this.#maxMessageLength);
    if (message === undefined) return;
    if (message.kind === 'ping') return this.#onPing(message.from, message.connection, event.origin);
    if (message.kind === 'pong') return this.#onPong(message.to, message.from, event.origin);
    // Before a handshake there is no peer to talk to.
    if (this.#peer === undefined) return;
    switch (message.kind) {
      case 'call':
        this.#onCall(message.id, message.method, message.args).catch((error: unknown) => this.#report(error));
        return;
      case 'result':
        this.#pending.settle(message.id, message); // false for a late or unknown id: dropped
        return;
      case 'event':
        return this.#handlers.dispatch(message.type, message.data, (error) => this.#report(error));
      case 'subscribe':
        if (this.#peerSubscriptions.has(message.name)) return;
        this.#peerSubscriptions.add(message.name);
        return this.#notify(this.#onSubscribe, message.name);
      case 'unsubscribe':
        this.#peerSubscriptions.delete(message.name);
        return;
    }
  }

  #onPing(from: string, connection: ConnectionTag | undefined, origin: string): void {
    // Our own ping, reflected when the target is our own window (an unframed page's window.parent).
    if (from === this.id) return;
    const isNew = this.#adopt(from, origin);
    this.#send(
      connection === undefined
        ? { kind: 'pong', to: from, from: this.id }
        : { kind: 'pong', to: from, from: this.id, connection },
    );
    // After the pong, so the peer has pinned us before our subscriptions and calls arrive.
    if (isNew) this.#startSession();
  }

  #onPong(to: string, from: string | null, origin: string): void {
    if (to !== this.id || from === this.id || this.#attempt?.active !== true) return;
    const isNew = this.#adopt(from, origin);
    this.#attempt.succeed();
    if (isNew) this.#startSession();
  }

  /** Pins the origin and records the peer; returns true for a new peer instance. */
  #adopt(peerId: string | null, origin: string): boolean {
    this.#origin.pin(origin);
    if (this.#peer?.id === peerId) return false;
    this.#peer = { id: peerId, origin };
    // A reloaded peer starts with no subscriptions; the old instance's are gone with it.
    this.#peerSubscriptions.clear();
    return true;
  }

  #startSession(): void {
    for (const name of this.#handlers.types()) this.#send({ kind: 'subscribe', name });
    for (const encoded of this.#pending.drainHeld()) this.#post(encoded);
    const peer = this.#peer;
    if (peer !== undefined) this.#notify(this.#onConnect, peer);
  }

  /** Runs a callback of the options; one that throws is reported, never let into the window. */
  #notify<T>(callback: ((value: T) => void) | undefined, value: T): void {
    if (callback === undefined) return;
    try {
      callback(value);
    } catch (error) {
      this.#report(error);
    }
  }

  async #onCall(id: string | number, method: string, args: unknown[]): Promise<void> {
    const peer = this.#peer;
    const outcome = await invokeExposed(this.#expose, method, args);
    // Whoever asked is gone: the bridge closed or the peer reloaded while the method ran.
    if (this.#closed || this.#peer !== peer) return;
    let encoded: string;
    try {
      encoded = encodeMessage({ kind: 'result', id, ...outcome });
    } catch (error) {
      // The value does not serialise (a cycle, a BigInt): the caller gets that error instead of a time-out.
      encoded = encodeMessage({ kind: 'result', id, ok: false, error: errorText(error) });
    }
    this.#post(encoded);
  }

  #send(message: BridgeMessage): boolean {
    let encoded: string;
    try {
      encoded = encodeMessage(message);
    } catch (error) {
      this.#report(error);
      return false;
    }
    return this.#post(encoded);
  }

  #post(encoded: string): boolean {
    try {
      this.#target.postMessage(encoded, this.#origin.postOrigin);
      return true;
    } catch (error) {
      this.#report(error);
      return false;
    }
  }

  #report(error: unknown): void {
    try {
      this.#onError(error);
    } catch {
      // An onError that throws has nowhere left to report to.
    }
  }
}

function globalSelf(): BridgeSelf {
  const self = globalThis as Partial<BridgeSelf>;
  if (typeof self.addEventListener !== 'function' || typeof self.removeEventListener !== 'function') {
    throw new Error('bridge needs a window: pass options.self');
  }
  return self as BridgeSelf;
}
