// One `connect()`: a ping at once and every ping interval until the handshake succeeds, fails, or the connect
// time-out rejects it with 'connect timeout'. Both timers are released however it ends.

import type { TimerHandle, Timers } from '@marquee/protocol';

export interface ConnectAttemptOptions {
  timers: Timers;
  pingIntervalMs: number;
  timeoutMs: number;
  sendPing: () => void;
}

export class ConnectAttempt {
  readonly promise: Promise<void>;
  readonly #options: ConnectAttemptOptions;
  #active = false;
  #settled = false;
  #resolve!: () => void;
  #reject!: (error: Error) => void;
  #interval: TimerHandle;
  #timeout: TimerHandle;

  constructor(options: ConnectAttemptOptions) {
    this.#options = options;
    this.promise = new Promise<void>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  /**
   * Starts pinging. Separate from the constructor so the owner can keep a reference to the attempt before the
   * first ping goes out: a peer that answers synchronously must find it.
   */
  start(): void {
    if (this.#active || this.#settled) return;
    const { timers, pingIntervalMs, timeoutMs, sendPing } = this.#options;
    this.#active = true;
    // The time-out first: when a ping falls due at the very moment of the time-out, the time-out wins.
    this.#timeout = timers.setTimeout(() => this.fail('connect timeout'), timeoutMs);
    this.#interval = timers.setInterval(sendPing, pingIntervalMs);
    sendPing();
  }

  /** True from `start` until the attempt succeeded or failed. */
  get active(): boolean {
    return this.#active;
  }

  succeed(): void {
    if (this.#settle()) this.#resolve();
  }

  fail(message: string): void {
    if (this.#settle()) this.#reject(new Error(message));
  }

  #settle(): boolean {
    if (this.#settled) return false;
    this.#settled = true;
    if (this.#active) {
      this.#active = false;
      this.#options.timers.clearInterval(this.#interval);
      this.#options.timers.clearTimeout(this.#timeout);
    }
    return true;
  }
}
