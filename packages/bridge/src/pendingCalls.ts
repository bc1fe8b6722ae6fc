// The calls this side has made and not yet seen answered. Each one is settled exactly once: by its result, by its
// time-out, or by `rejectAll` on close — whichever comes first; anything arriving later for it is dropped.

import type { CallId } from './messages';
import type { TimerHandle, Timers } from '@marquee/protocol';

export type CallOutcome = { ok: true; value: unknown } | { ok: false; error: string };

interface PendingCall {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: TimerHandle;
  /** The encoded call, while it waits for a peer to be sent to. */
  held?: string;
}

export class PendingCalls {
  readonly #calls = new Map<number, PendingCall>();
  readonly #timers: Timers;
  readonly #timeoutMs: number;
  #lastId = 0;

  constructor(timers: Timers, timeoutMs: number) {
    this.#timers = timers;
    this.#timeoutMs = timeoutMs;
  }

  get size(): number {
    return this.#calls.size;
  }

  /** Registers a call to `method`; it rejects with `call timeout: {method}` unless settled within the time-out. */
  add(method: string): { id: number; promise: Promise<unknown> } {
    const id = ++this.#lastId;
    const promise = new Promise<unknown>((resolve, reject) => {
      const timer = this.#timers.setTimeout(
        () => this.settle(id, { ok: false, error: `call timeout: ${method}` }),
        this.#timeoutMs,
      );
      this.#calls.set(id, { resolve, reject, timer });
    });
    return { id, promise };
  }

  /**
   * Settles a pending call; returns false (and does nothing) for an unknown, late or already settled id. Our ids
   * are numbers; a peer that echoes one as a decimal string means the same call.
   */
  settle(id: CallId, outcome: CallOutcome): boolean {
    const key = typeof id === 'string' && /^[0-9]{1,15}$/.test(id) ? Number(id) : id;
    if (typeof key !== 'number') return false;
    const call = this.#calls.get(key);
    if (call === undefined) return false;
    this.#calls.delete(key);
    this.#timers.clearTimeout(call.timer);
    if (outcome.ok) call.resolve(outcome.value);
    else call.reject(new Error(outcome.error));
    return true;
  }

  /** Keeps a call's encoded message until there is a peer to send it to. */
  hold(id: number, encoded: string): void {
    const call = this.#calls.get(id);
    if (call !== undefined) call.held = encoded;
  }

  /** The held messages of the calls still pending, in call order; each is handed out once. */
  drainHeld(): string[] {
    const held: string[] = [];
    for (const call of this.#calls.values()) {
      if (call.held !== undefined) held.push(call.held);
      delete call.held;
    }
    return held;
  }

  /** Rejects every pending call with `message` and releases its timer. */
  rejectAll(message: string): void {
    for (const id of [...this.#calls.keys()]) this.settle(id, { ok: false, error: message });
  }
}
