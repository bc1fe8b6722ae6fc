// Admission of new connections while a node is busy setting up the ones it has. When a fleet reconnects at once (a
// restart, a network blip), every screen's connection costs its upgrade, its token check, its first reads and its
// presence writes. Served all at once, thousands of them are half set up for seconds: each waits behind all the
// others, every object of every waiting setup survives garbage collection after garbage collection (the collector
// then takes most of the node's time), and screens give up at REALTIME_CONNECT_TIMEOUT_MS while the node still
// works for them. So at most `maxSettingUp` connections are set up at a time, and the next one is served as soon as
// one of them is done:
// - a realtime connection once its first request (its authentication) is answered (the hub says so);
// - an HTTP connection once its first response is sent;
// - any connection that closes, or that has been setting up for `holdMs` (an idle socket never holds a place for
//   long).
// The others are accepted and wait, unread, in order of arrival (the server's `pauseOnConnect`): what they sent
// stays in the kernel's buffers until their turn. One that has waited longer than `maxWaitMs` is closed unread when
// its turn comes: its client gave up at REALTIME_CONNECT_TIMEOUT_MS, counted from before the node accepted it, and
// came back on another connection after its backoff (a close is not seen on a socket that is not read), so its
// upgrade, token check and first reads would be work for nobody.

import type net from 'node:net';
import { REALTIME_CONNECT_TIMEOUT_MS } from '@marquee/protocol';
import { Fifo } from '../fifo';

/**
 * Connections set up at once on a node. A place is held from the upgrade until the client's first request is
 * answered, so it also waits for the client (its network, its own busy CPU): with 1,024 places a reconnecting fleet
 * of 20,000 left the node's loop partly idle while thousands waited, attempts timed out and were made again;
 * with 4,096 the storm was shorter, often with every screen back on its first attempt
 * (docs/protocols/realtime.md §onDisconnect).
 */
export const MAX_SETTING_UP = 4096;
/** A connection not done with its setup after this long no longer holds a place. */
export const SETUP_HOLD_MS = 2000;
/** A connection that waited longer is closed unread: its client has given up on it. */
export const MAX_WAIT_MS = REALTIME_CONNECT_TIMEOUT_MS;
/** Connections closed for their wait per turn of the event loop (a close is a system call each). */
export const SHED_SLICE = 256;

export interface AdmissionOptions {
  maxSettingUp?: number;
  holdMs?: number;
  /** A connection that waited longer is closed unread when its turn comes (default MAX_WAIT_MS). */
  maxWaitMs?: number;
  /** Monotonic milliseconds (default performance.now). */
  now?: () => number;
  /** Runs `task` every `ms` until stopped (default setInterval, unref'd): expires holds; injectable for tests. */
  every?: (ms: number, task: () => void) => () => void;
}

export interface AdmissionStats {
  /** Connections served and not yet done with their setup. */
  settingUp: number;
  /** Connections accepted and waiting to be served. */
  waiting: number;
  /** Connections closed unread since the start, having waited longer than maxWaitMs. */
  shed: number;
}

export interface Admission {
  /** `socket`'s setup is done: its place goes to the next connection waiting. */
  settled(socket: net.Socket): void;
  stats(): AdmissionStats;
  /** Whether any connection is setting up or waiting to (stats() without building the figures). */
  busy(): boolean;
  /** Destroys the connections still waiting (they were never served) and stops the hold timer: at shutdown. */
  close(): void;
}

const defaultEvery = (ms: number, task: () => void) => {
  const timer = setInterval(task, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Puts `server`'s connections through admission: its own 'connection' listeners (the HTTP server's) serve a
 * connection only once admitted. Connections the server is given by others (http/acceptors.ts emits theirs) go
 * the same way; sockets they emit must be created paused (their servers copy `pauseOnConnect`).
 */
export function admitConnections(server: net.Server, options: AdmissionOptions = {}): Admission {
  return new ConnectionAdmission(server, options);
}

interface Waiting {
  socket: net.Socket;
  since: number;
}

class ConnectionAdmission implements Admission {
  /** Connections setting up, with when they were served; in the order they were (a Map keeps insertion order). */
  private readonly settingUp = new Map<net.Socket, number>();
  private readonly waiting = new Fifo<Waiting>();
  private readonly maxSettingUp: number;
  private readonly holdMs: number;
  private readonly maxWaitMs: number;
  private shed = 0;
  /** Stale connections remain at the head after a slice of them was closed: the next slice is due. */
  private shedScheduled = false;
  private readonly now: () => number;
  private readonly every: (ms: number, task: () => void) => () => void;
  private stopTimer: (() => void) | null = null;
  private closed = false;
  private readonly serve: (socket: net.Socket) => void;
  /** One 'close' listener for every socket setting up, removed once it is set up (not kept for its whole life). */
  private readonly onClose: (this: net.Socket) => void;

  constructor(server: net.Server, options: AdmissionOptions) {
    this.maxSettingUp = options.maxSettingUp ?? MAX_SETTING_UP;
    this.holdMs = options.holdMs ?? SETUP_HOLD_MS;
    this.maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
    this.now = options.now ?? (() => performance.now());
    this.every = options.every ?? defaultEvery;
    const listeners = server.listeners('connection') as ((socket: net.Socket) => void)[];
    server.removeAllListeners('connection');
    // Accepted sockets are not read until served (net.Server reads the property at each connection).
    (server as net.Server & { pauseOnConnect: boolean }).pauseOnConnect = true;
    this.serve = (socket) => {
      for (const listener of listeners) listener.call(server, socket);
      socket.resume();
    };
    server.on('connection', (socket: net.Socket) => this.arrived(socket));
    const settled = (socket: net.Socket) => this.settled(socket);
    this.onClose = function () {
      settled(this);
    };
  }

  settled(socket: net.Socket): void {
    if (!this.release(socket)) return;
    this.admitWaiting();
  }

  stats(): AdmissionStats {
    return { settingUp: this.settingUp.size, waiting: this.waiting.size, shed: this.shed };
  }

  busy(): boolean {
    return this.settingUp.size > 0 || this.waiting.size > 0;
  }

  close(): void {
    this.closed = true;
    this.stopTimer?.();
    this.stopTimer = null;
    for (const { socket } of this.waiting.take(this.waiting.size)) socket.destroy();
  }

  private arrived(socket: net.Socket): void {
    if (this.closed) {
      socket.destroy();
      return;
    }
    if (this.settingUp.size < this.maxSettingUp && this.waiting.size === 0) this.admit(socket);
    else this.waiting.push({ socket, since: this.now() });
  }

  /** `socket` no longer holds a place; false when it held none. */
  private release(socket: net.Socket): boolean {
    if (!this.settingUp.delete(socket)) return false;
    socket.removeListener('close', this.onClose);
    return true;
  }

  private admit(socket: net.Socket): void {
    this.settingUp.set(socket, this.now());
    socket.on('close', this.onClose);
    this.stopTimer ??= this.every(this.holdMs / 4, () => this.expire());
    this.serve(socket);
  }

  private admitWaiting(): void {
    const staleBefore = this.now() - this.maxWaitMs;
    let shedding = SHED_SLICE;
    while (this.settingUp.size < this.maxSettingUp) {
      const next = this.waiting.at(0);
      if (next === undefined) break;
      if (next.since < staleBefore) {
        if (shedding-- === 0) {
          this.scheduleShedding();
          break;
        }
        this.waiting.shift();
        this.shed++;
        next.socket.destroy();
        continue;
      }
      this.waiting.shift();
      // Gone while it waited (its peer's close is only seen once it is read: it closes as soon as it is served).
      if (!next.socket.destroyed) this.admit(next.socket);
    }
    if (this.settingUp.size === 0 && this.stopTimer !== null) {
      this.stopTimer();
      this.stopTimer = null;
    }
  }

  private scheduleShedding(): void {
    if (this.shedScheduled) return;
    this.shedScheduled = true;
    setImmediate(() => {
      this.shedScheduled = false;
      if (!this.closed) this.admitWaiting();
    });
  }

  /** Places held longer than holdMs are given to the next connections. */
  private expire(): void {
    const oldest = this.now() - this.holdMs;
    let expired = false;
    for (const [socket, servedAt] of this.settingUp) {
      if (servedAt > oldest) break;
      this.release(socket);
      expired = true;
    }
    if (expired || this.settingUp.size === 0) this.admitWaiting();
  }
}
