// A token bucket for outgoing frames. The hub answers rate_limited (or drops the socket) beyond
// REALTIME_RATE_PER_SECOND with a burst of REALTIME_RATE_BURST; a client that re-sends hundreds of listens and a
// long offline write queue after a reconnect must not trip it, so it spends its own budget first and holds the rest.

export class SendBudget {
  readonly #clock: () => number;
  readonly #capacity: number;
  readonly #perSecond: number;
  #tokens: number;
  #refilledAt: number;

  constructor(clock: () => number, capacity: number, perSecond: number) {
    this.#clock = clock;
    this.#capacity = capacity;
    this.#perSecond = perSecond;
    this.#tokens = capacity;
    this.#refilledAt = clock();
  }

  /** Spends one frame's token; false when the bucket is empty. */
  take(): boolean {
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Milliseconds until the next token (0 when one is there). */
  msUntilNext(): number {
    this.#refill();
    return this.#tokens >= 1 ? 0 : Math.ceil(((1 - this.#tokens) * 1000) / this.#perSecond);
  }

  /** A new socket starts with a full bucket, as the hub's does. */
  reset(): void {
    this.#tokens = this.#capacity;
    this.#refilledAt = this.#clock();
  }

  #refill(): void {
    const now = this.#clock();
    const elapsed = Math.max(0, now - this.#refilledAt);
    this.#refilledAt = now;
    this.#tokens = Math.min(this.#capacity, this.#tokens + (elapsed * this.#perSecond) / 1000);
  }
}
