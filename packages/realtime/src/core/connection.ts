// The one socket to the hub (docs/protocols/realtime.md §Messages). It opens it, authenticates with the ID token as
// the first request, re-authenticates before the token expires, pings when the line is quiet and drops a socket that
// stays silent, and reconnects with exponential backoff and full jitter. Everything above it sees three states:
// 'connecting' (trying, or waiting to retry), 'connected' (authenticated: requests may be sent) and 'offline'
// (goOffline or close). Requests in flight when the socket goes are dropped (requests.ts); the owner restores
// listens, onDisconnect actions and queued writes when it reports 'connected' again.

import {
  IDENTITY_EXPIRY_MARGIN_MS,
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CONNECT_TIMEOUT_MS,
  REALTIME_IDLE_TIMEOUT_MS,
  REALTIME_MAX_FRAME_BYTES,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_RATE_BURST,
  REALTIME_RATE_PER_SECOND,
  REALTIME_RECONNECT_MAX_MS,
  reconnectCeiling,
  reconnectDelay,
  utf8ByteLength,
  type AuthAnswer,
  type ListenCancelled,
  type TimeAnswer,
  type ValueEvent,
  MAX_TIMER_DELAY_MS,
  type TimerHandle,
  type Timers,
} from '@marquee/protocol';
import { RealtimeError } from '../errors';
import { Requests, promisedAnswer, type RequestHandler } from './requests';
import { SendBudget } from './sendBudget';
import type { Answer, Logger, Request } from './types';

/** A socket that has not opened by then is given up (and counts as a failed attempt). */
export const CONNECT_TIMEOUT_MS = REALTIME_CONNECT_TIMEOUT_MS;
/** An open socket whose authentication is not answered this long after the open is given up the same way. */
export const AUTH_TIMEOUT_MS = REALTIME_AUTH_TIMEOUT_MS;
/** Failed attempts in a row after which the socket counts as unavailable: reads fall back to REST. */
export const UNAVAILABLE_AFTER_FAILURES = 3;
/** A connection that lasted this long resets the backoff; a socket that drops at once keeps backing off. */
export const BACKOFF_RESET_AFTER_MS = REALTIME_RECONNECT_MAX_MS;
/**
 * Re-authentication runs this long before the token expires: the identity session has refreshed it by then
 * (5 minutes before expiry) and still treats it as valid (until 30 s before).
 */
export const REAUTH_BEFORE_EXPIRY_MS = 2 * IDENTITY_EXPIRY_MARGIN_MS;
/** When the provider still returns the old token, ask again this often until it expires. */
export const REAUTH_RETRY_MS = IDENTITY_EXPIRY_MARGIN_MS / 3;
/** Half of the hub's allowance, so clock skew and the hub's own accounting never trip its limit. */
const SEND_BURST = REALTIME_RATE_BURST / 2;
const SEND_PER_SECOND = REALTIME_RATE_PER_SECOND / 2;
/** Cap of the backoff exponent; 2^16 times the minimum is far beyond the maximum already. */
const MAX_BACKOFF_EXPONENT = 16;

export type ConnectionState = 'offline' | 'connecting' | 'connected';

/** The connection's timers by their job: the heartbeat is an interval, the others are timeouts. */
type TimerName = 'reconnect' | 'connect' | 'reauth' | 'heartbeat' | 'drain';
/** What goes with the socket when it is lost: everything but the wait before the next attempt. */
const SOCKET_TIMERS = ['connect', 'reauth', 'heartbeat', 'drain'] as const satisfies readonly TimerName[];

/**
 * What the connection needs of a WebSocket: both the browser's and the `ws` package's fit. Listeners are added,
 * never removed: a socket that is given up is ignored by identity and released with all its listeners.
 */
export interface WebSocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  // `any`: the browser's and `ws`'s event types differ, and `ws`'s listener type is a union no narrower type fits.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  addEventListener(type: string, listener: (event: any) => void): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface ConnectionOptions {
  url: string;
  WebSocketImpl: WebSocketConstructor;
  getToken: () => Promise<string | null>;
  timers: Timers;
  clock: () => number;
  random: () => number;
  logger: Logger;
  /** The server's clock by the current offset: token expiry is server time. */
  serverNow(): number;
  /** The state changed, or the socket became unavailable (see `unavailable`). */
  onChange(): void;
  onEvent(event: ValueEvent): void;
  /** The hub ended a listen on its own: the rules no longer let this connection read the path. */
  onCancel(cancelled: ListenCancelled): void;
  /** A `time` answer: the server's clock, and when the request left and the answer came (local clock). */
  onServerTime(serverNow: number, sentAt: number, receivedAt: number): void;
}

export class Connection {
  readonly #options: ConnectionOptions;
  readonly #requests = new Requests();
  readonly #budget: SendBudget;
  #state: ConnectionState = 'offline';
  #wanted = true;
  #closed = false;
  #socket: WebSocketLike | null = null;
  /** Attempts in a row that never reached 'connected'. */
  #failures = 0;
  #backoffExponent = 0;
  #connectedAt = 0;
  #lastReceivedAt = 0;
  #outbox: string[] = [];
  readonly #timers: Partial<Record<TimerName, TimerHandle>> = {};

  constructor(options: ConnectionOptions) {
    this.#options = options;
    this.#budget = new SendBudget(options.clock, SEND_BURST, SEND_PER_SECOND);
  }

  get state(): ConnectionState {
    return this.#state;
  }

  /** True after goOffline/close, or while the socket has failed to open UNAVAILABLE_AFTER_FAILURES times in a row. */
  get unavailable(): boolean {
    return !this.#wanted || this.#closed || this.#failures >= UNAVAILABLE_AFTER_FAILURES;
  }

  /** True after goOffline/close: the client should not touch the network at all. */
  get offlineByChoice(): boolean {
    return !this.#wanted || this.#closed;
  }

  /** Number of requests waiting for their answer (for tests and leak checks). */
  get pendingRequests(): number {
    return this.#requests.size;
  }

  start(): void {
    if (this.#wanted && !this.#closed && this.#socket === null && this.#timers.reconnect === undefined) {
      this.#open();
    }
  }

  goOffline(): void {
    if (this.#closed) return;
    this.#wanted = false;
    this.#clearTimer('reconnect');
    if (this.#socket !== null) this.#drop(this.#socket, 'offline');
    else this.#setState('offline');
  }

  goOnline(): void {
    if (this.#closed || this.#wanted) return;
    this.#wanted = true;
    this.#failures = 0;
    this.#backoffExponent = 0;
    this.start();
  }

  /** Closes the socket for good and releases every timer; pending requests are dropped. */
  close(): void {
    if (this.#closed) return;
    this.#wanted = false;
    this.#closed = true;
    this.#clearTimer('reconnect');
    if (this.#socket !== null) this.#drop(this.#socket, 'closed');
    else this.#setState('offline');
  }

  /** Sends a request on the authenticated socket. Callers check `state === 'connected'` first. */
  send(request: Request, handler: RequestHandler): void {
    if (this.#state !== 'connected' || this.#socket === null) throw new Error('realtime: not connected');
    this.#transmit(request, handler);
  }

  /** Sends a request and resolves with its answer; rejects with DISCONNECTED when the socket goes first. */
  request(request: Request): Promise<Answer> {
    const { handler, promise } = promisedAnswer(
      () => new RealtimeError('DISCONNECTED', 'The connection to the realtime database was lost'),
    );
    this.send(request, handler);
    return promise;
  }

  #setState(state: ConnectionState): void {
    this.#state = state;
    this.#options.onChange();
  }

  #open(): void {
    const { WebSocketImpl, url, timers } = this.#options;
    this.#timers.reconnect = undefined;
    let socket: WebSocketLike;
    try {
      socket = new WebSocketImpl(url);
    } catch (error) {
      this.#options.logger.warn(`realtime: cannot open ${url}`, error);
      this.#failed();
      return;
    }
    this.#socket = socket;
    this.#outbox = [];
    this.#budget.reset();
    this.#lastReceivedAt = this.#options.clock();
    this.#timers.connect = timers.setTimeout(() => this.#drop(socket, 'connect timeout'), CONNECT_TIMEOUT_MS);
    socket.addEventListener('open', () => {
      if (socket !== this.#socket) return;
      // The server accepted the socket and is setting it up (seconds, when a fleet reconnects at once): given up
      // now, its work would be for nobody and the attempt would start again behind the backoff.
      this.#clearTimer('connect');
      this.#timers.connect = timers.setTimeout(() => this.#drop(socket, 'auth timeout'), AUTH_TIMEOUT_MS);
      void this.#authenticate(socket);
    });
    socket.addEventListener('message', (event: { data: unknown }) => {
      if (socket === this.#socket) this.#receive(event.data);
    });
    socket.addEventListener('close', () => {
      if (socket === this.#socket) this.#lost();
    });
    // A close event always follows an error; the listener also keeps `ws` from throwing an unhandled 'error'.
    socket.addEventListener('error', () => {});
    if (this.#state !== 'connecting') this.#setState('connecting');
  }

  async #token(): Promise<string | null> {
    try {
      return await this.#options.getToken();
    } catch (error) {
      this.#options.logger.warn('realtime: the ID token provider failed', error);
      return null;
    }
  }

  async #authenticate(socket: WebSocketLike): Promise<void> {
    const token = await this.#token();
    if (socket !== this.#socket) return;
    if (token === null) {
      this.#options.logger.warn('realtime: no ID token, cannot authenticate');
      this.#drop(socket, 'no token');
      return;
    }
    this.#sendAuth(socket, token, 'authentication', (auth) => this.#connected(auth));
  }

  /** Sends `token` on `socket`; a refusal drops the socket, an acceptance still on this socket calls `accepted`. */
  #sendAuth(socket: WebSocketLike, token: string, what: string, accepted: (auth: AuthAnswer) => void): void {
    this.#transmit(
      { t: 'auth', token },
      {
        answer: (answer) => {
          if (socket !== this.#socket) return;
          if (!answer.ok) {
            this.#options.logger.warn(`realtime: ${what} refused: ${answer.code} (${answer.message})`);
            this.#drop(socket, 'auth refused');
            return;
          }
          accepted(answer.d as AuthAnswer);
        },
        drop: () => {},
      },
    );
  }

  #connected(auth: AuthAnswer): void {
    this.#clearTimer('connect');
    this.#failures = 0;
    this.#connectedAt = this.#options.clock();
    this.#timers.heartbeat = this.#options.timers.setInterval(
      () => this.#heartbeat(),
      REALTIME_PING_INTERVAL_MS,
    );
    this.#scheduleReauth(auth.expiresAt);
    this.#sendTime();
    this.#setState('connected');
  }

  #scheduleReauth(expiresAt: number): void {
    this.#clearTimer('reauth');
    const untilRefresh = expiresAt - REAUTH_BEFORE_EXPIRY_MS - this.#options.serverNow();
    const delay = Math.min(MAX_TIMER_DELAY_MS, Math.max(REAUTH_RETRY_MS, untilRefresh));
    this.#timers.reauth = this.#options.timers.setTimeout(() => void this.#reauthenticate(), delay);
  }

  async #reauthenticate(): Promise<void> {
    this.#timers.reauth = undefined;
    const socket = this.#socket;
    const token = await this.#token();
    if (socket === null || socket !== this.#socket || this.#state !== 'connected') return;
    if (token === null) {
      this.#options.logger.warn('realtime: the ID token is gone, closing the connection');
      this.#drop(socket, 'no token');
      return;
    }
    this.#sendAuth(socket, token, 're-authentication', (auth) => this.#scheduleReauth(auth.expiresAt));
  }

  #heartbeat(): void {
    const socket = this.#socket;
    if (socket === null) return;
    const idle = this.#options.clock() - this.#lastReceivedAt;
    if (idle >= REALTIME_IDLE_TIMEOUT_MS) {
      this.#options.logger.warn(`realtime: nothing heard from the server for ${idle} ms, reconnecting`);
      this.#drop(socket, 'idle');
    } else if (idle >= REALTIME_PING_INTERVAL_MS) {
      this.#sendTime();
    }
  }

  /** A `time` request: keeps a quiet line alive and measures the clock offset. */
  #sendTime(): void {
    const sentAt = this.#options.clock();
    this.#transmit(
      { t: 'time' },
      {
        answer: (answer) => {
          if (answer.ok) {
            this.#options.onServerTime((answer.d as TimeAnswer).now, sentAt, this.#options.clock());
          }
        },
        drop: () => {},
      },
    );
  }

  #transmit(request: Request, handler: RequestHandler): void {
    const id = this.#requests.register(request.t === 'auth' ? handler : this.#guarded(handler));
    const text = JSON.stringify({ r: id, ...request });
    // Every UTF-16 unit takes at most 3 UTF-8 bytes: only a long frame is counted.
    if (text.length * 3 > REALTIME_MAX_FRAME_BYTES) {
      const bytes = utf8ByteLength(text, REALTIME_MAX_FRAME_BYTES);
      if (bytes > REALTIME_MAX_FRAME_BYTES) {
        // The hub would close the socket on it: refuse it here, after the caller has its handler in place.
        queueMicrotask(() =>
          this.#requests.settle({
            r: id,
            ok: false,
            code: 'too_large',
            message: `The request is larger than the ${REALTIME_MAX_FRAME_BYTES} bytes a message may carry`,
          }),
        );
        return;
      }
    }
    this.#outbox.push(text);
    this.#pump();
  }

  /**
   * An `unauthenticated` answer means the hub holds the token for expired (the provider could not refresh it in
   * time): the request counts as dropped, not refused, and the socket starts over with a fresh token, so reads
   * retry, listens and armed actions are restored and writes are sent again.
   */
  #guarded(handler: RequestHandler): RequestHandler {
    const socket = this.#socket;
    return {
      answer: (answer) => {
        if (answer.ok || answer.code !== 'unauthenticated' || socket === null || socket !== this.#socket) {
          handler.answer(answer);
          return;
        }
        this.#options.logger.warn(
          `realtime: the server holds the token for expired (${answer.message}), reconnecting`,
        );
        handler.drop();
        this.#drop(socket, 'unauthenticated');
      },
      drop: () => handler.drop(),
    };
  }

  #pump(): void {
    const socket = this.#socket;
    if (socket === null) return;
    while (this.#outbox.length > 0 && this.#budget.take()) {
      const text = this.#outbox.shift() as string;
      try {
        socket.send(text);
      } catch (error) {
        // Only a socket that is already going throws; its close event drops the request.
        this.#options.logger.warn('realtime: send failed', error);
      }
    }
    if (this.#outbox.length > 0 && this.#timers.drain === undefined) {
      this.#timers.drain = this.#options.timers.setTimeout(() => {
        this.#timers.drain = undefined;
        this.#pump();
      }, this.#budget.msUntilNext());
    }
  }

  #receive(data: unknown): void {
    this.#lastReceivedAt = this.#options.clock();
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      this.#options.logger.warn('realtime: ignored a frame that is not JSON');
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const frame = message as Record<string, unknown>;
    if (frame.t === 'v' || frame.t === 'c') {
      if (this.#state === 'connected' && typeof frame.path === 'string') {
        if (frame.t === 'v') this.#options.onEvent(message as ValueEvent);
        else this.#options.onCancel(message as ListenCancelled);
      }
      return;
    }
    if (typeof frame.ok !== 'boolean') return;
    if (typeof frame.r === 'number') {
      this.#requests.settle(message as Answer);
    } else if (frame.ok === false) {
      this.#options.logger.warn(
        `realtime: the server refused a frame: ${String(frame.code)} (${String(frame.message)})`,
      );
    }
  }

  /** Gives up `socket` at once: its listeners are ignored from now on, and it is closed. */
  #drop(socket: WebSocketLike, reason: string): void {
    if (socket !== this.#socket) return;
    try {
      socket.close(1000, reason);
    } catch {
      // A socket that is still opening may refuse a close code; it is ignored from now on anyway.
    }
    this.#lost();
  }

  /** The current socket is gone (closed by either side, dropped, or never opened). */
  #lost(): void {
    const wasConnected = this.#state === 'connected';
    this.#socket = null;
    this.#outbox = [];
    for (const which of SOCKET_TIMERS) this.#clearTimer(which);
    if (wasConnected) {
      if (this.#options.clock() - this.#connectedAt >= BACKOFF_RESET_AFTER_MS) this.#backoffExponent = 0;
    } else if (!this.offlineByChoice) {
      this.#failures++;
    }
    this.#requests.dropAll();
    if (this.offlineByChoice) {
      this.#setState('offline');
      return;
    }
    this.#setState('connecting');
    this.#scheduleReconnect();
  }

  #failed(): void {
    this.#failures++;
    this.#setState('connecting');
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    const ceiling = reconnectCeiling(this.#backoffExponent);
    this.#backoffExponent = Math.min(this.#backoffExponent + 1, MAX_BACKOFF_EXPONENT);
    this.#timers.reconnect = this.#options.timers.setTimeout(
      () => this.#open(),
      reconnectDelay(ceiling, this.#options.random()),
    );
  }

  #clearTimer(which: TimerName): void {
    const handle = this.#timers[which];
    if (handle === undefined) return;
    this.#timers[which] = undefined;
    if (which === 'heartbeat') this.#options.timers.clearInterval(handle);
    else this.#options.timers.clearTimeout(handle);
  }
}

// The backoff is protocol's, shared with the benchmark's reconnect storm (bench/realtime/stormClient.ts).
export { reconnectDelay };
