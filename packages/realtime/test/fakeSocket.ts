// An in-memory WebSocket for the unit tests that drive time with fake timers (backoff, time-outs, heartbeats),
// where the real server cannot be used. The test plays the hub: it opens, answers, sends events and closes.

import type { WebSocketLike } from '../src/core/connection';

type Listener = (event: object) => void;

export class FakeSocket implements WebSocketLike {
  readonly url: string;
  readonly sent: string[] = [];
  closedByClient = false;
  /** Answer `time` requests at once, as a live hub would (keeps the heartbeat content over long spans). */
  answerTime = false;
  readonly #listeners = new Map<string, Listener[]>();

  constructor(url: string) {
    this.url = url;
  }

  addEventListener(type: string, listener: Listener): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  send(data: string): void {
    this.sent.push(data);
    const request = JSON.parse(data) as { r: number; t: string };
    if (this.answerTime && request.t === 'time')
      queueMicrotask(() => this.ok(request.r, { now: Date.now() }));
  }

  close(): void {
    this.closedByClient = true;
  }

  // The hub's side.

  open(): void {
    this.#emit('open', {});
  }

  /** A frame from the hub (an object is sent as its JSON). */
  receive(frame: unknown): void {
    this.#emit('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  /** The hub (or the network) closes the socket. */
  drop(): void {
    this.#emit('error', {});
    this.#emit('close', { code: 1006 });
  }

  /** The requests the client sent, parsed. */
  get requests(): Array<Record<string, unknown> & { r: number; t: string }> {
    return this.sent.map((text) => JSON.parse(text) as Record<string, unknown> & { r: number; t: string });
  }

  /** The last request of type `t`. */
  last(t: string): (Record<string, unknown> & { r: number; t: string }) | undefined {
    return this.requests.filter((request) => request.t === t).at(-1);
  }

  ok(r: number, d?: unknown): void {
    this.receive(d === undefined ? { r, ok: true } : { r, ok: true, d });
  }

  refuse(r: number, code: string, message: string, d?: unknown): void {
    this.receive(d === undefined ? { r, ok: false, code, message } : { r, ok: false, code, message, d });
  }

  #emit(type: string, event: object): void {
    for (const listener of this.#listeners.get(type) ?? []) listener(event);
  }
}

/** A WebSocket constructor whose sockets are kept, newest last. */
export function fakeSockets(): { WebSocketImpl: new (url: string) => FakeSocket; sockets: FakeSocket[] } {
  const sockets: FakeSocket[] = [];
  class TrackedSocket extends FakeSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  }
  return { WebSocketImpl: TrackedSocket, sockets };
}

/** Lets pending promise callbacks run (the token provider is async). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** A logger that keeps what it is told. */
export function memoryLogger(): {
  warn(message: string): void;
  error(message: string): void;
  lines: string[];
} {
  const lines: string[] = [];
  return { warn: (message) => lines.push(message), error: (message) => lines.push(message), lines };
}
