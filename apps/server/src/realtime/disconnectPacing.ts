// When a fleet drops and reconnects at once (a network blip, a restart of the balancer), the closed connections'
// onDisconnect work waits behind the new connections. Node accepts one connection per turn of its event loop
// (libuv 1.45 and later), so every millisecond a turn spends on the old connections' claims, checks and "went away"
// writes is a connection left in the kernel's queue: 20,000 closings held the loop for seconds, the queue
// overflowed, and screens whose attempt timed out came back only after their backoff. Waiting costs the old
// connections little: once the player is back and has armed its new action, the old one is skipped without any
// write (onDisconnect.ts).
//
// So once more than BURST_STARTS closing connections have started within CHURN_WINDOW_MS while connections come and
// go, the next ones start their onDisconnect work at a steady rate, and one that has waited MAX_DEFER_MS goes next
// whatever the rate (at a rate of its own, so that a backlog does not start all at once). Below that, as on a node
// where a few screens come and go, each starts at once, exactly as without pacing. When nothing has come or gone for
// CHURN_WINDOW_MS, and when the server shuts down, the waiting ones all start at once, a turn at a time.

import { Fifo } from '../fifo';

/** Connections opened or closed within this window mean the node is churning. */
export const CHURN_WINDOW_MS = 500;
/** Closing connections that start at once within a window before the others are paced. */
export const BURST_STARTS = 200;
/** Closing connections started per second while churning. */
export const CHURN_STARTS_PER_SECOND = 250;
/** A closing connection waits at most this long for its start while churning... */
export const MAX_DEFER_MS = 15_000;
/** ...and those that waited that long start at this rate. */
export const OVERDUE_STARTS_PER_SECOND = 1_000;
/** Closing connections started per turn when calm. */
const CALM_STARTS_PER_TURN = 512;
/** How often the starts are paced while churning. */
const TICK_MS = 10;

export interface DisconnectPacingOptions {
  /** Monotonic milliseconds (default performance.now). */
  now?: () => number;
  /**
   * Whether connections accepted by the node are still setting up (http/admission.ts), or screens on it have asked
   * to arm an action and are not answered yet: churn too, since their screens are still coming back, even once no
   * socket has opened for a while.
   */
  settingUp?: () => boolean;
}

export class DisconnectPacing {
  private readonly now: () => number;
  private readonly waiting = new Fifo<{ since: number; start: () => void }>();
  private lastChurn = -Infinity;
  private draining = false;
  private scheduled = false;
  private credit = 0;
  private overdueCredit = 0;
  private lastTick: number | null = null;
  /** Starts given at once since `burstSince`. */
  private burst = 0;
  private burstSince = -Infinity;

  private readonly settingUp: () => boolean;

  constructor(options: DisconnectPacingOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.settingUp = options.settingUp ?? (() => false);
  }

  /** A connection opened or closed. */
  churned(): void {
    this.lastChurn = this.now();
  }

  /**
   * Undefined when a closing connection may start its onDisconnect work now; otherwise a promise that resolves when it
   * may.
   */
  start(): Promise<void> | undefined {
    if (this.draining) return undefined;
    if (this.pending === 0) {
      const now = this.now();
      if (now - this.burstSince >= CHURN_WINDOW_MS) {
        this.burst = 0;
        this.burstSince = now;
      }
      if (this.burst < BURST_STARTS || this.calm()) {
        this.burst++;
        return undefined;
      }
    }
    return new Promise<void>((start) => {
      this.waiting.push({ since: this.now(), start });
      this.schedule();
    });
  }

  /** From now on every start goes at once (the server is shutting down). */
  drain(): void {
    this.draining = true;
    this.release(this.pending);
  }

  /** Closing connections still waiting to start. */
  get pending(): number {
    return this.waiting.size;
  }

  private schedule(): void {
    if (this.scheduled || this.pending === 0) return;
    this.scheduled = true;
    if (this.calm()) setImmediate(() => this.tick());
    else setTimeout(() => this.tick(), TICK_MS);
  }

  private calm(): boolean {
    return this.draining || (this.now() - this.lastChurn >= CHURN_WINDOW_MS && !this.settingUp());
  }

  private tick(): void {
    this.scheduled = false;
    const now = this.now();
    if (this.calm()) {
      this.lastTick = null;
      this.release(this.draining ? this.pending : CALM_STARTS_PER_TURN);
    } else {
      const elapsed = this.lastTick === null ? TICK_MS : now - this.lastTick;
      this.lastTick = now;
      // Credit piles up to a tenth of a second's worth at most, so a late tick does not start a burst.
      this.credit = Math.min(
        this.credit + (elapsed * CHURN_STARTS_PER_SECOND) / 1000,
        CHURN_STARTS_PER_SECOND / 10,
      );
      this.overdueCredit = Math.min(
        this.overdueCredit + (elapsed * OVERDUE_STARTS_PER_SECOND) / 1000,
        OVERDUE_STARTS_PER_SECOND / 10,
      );
      let count = Math.floor(this.credit);
      this.credit -= count;
      let overdue = 0;
      for (
        let next = this.waiting.at(count);
        next !== undefined && overdue < Math.floor(this.overdueCredit) && now - next.since >= MAX_DEFER_MS;
        next = this.waiting.at(count + overdue)
      ) {
        overdue++;
      }
      // Nothing overdue: no credit is saved for later.
      if (overdue === 0) this.overdueCredit = 0;
      this.overdueCredit -= overdue;
      count += overdue;
      this.release(count);
    }
    this.schedule();
  }

  private release(count: number): void {
    for (const waiting of this.waiting.take(count)) waiting.start();
  }
}
