// Per-connection rate limit of the realtime socket (docs/security.md §Limits): a token bucket of requests, and behind
// it a second bucket that counts refused requests, so a client that only bursts gets `rate_limited` answers while one
// that keeps flooding far beyond its allowance is dropped.

/** A token bucket: `capacity` tokens, refilled continuously at `ratePerSecond`. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  /** `now` is a monotonic clock in milliseconds. */
  constructor(
    private readonly ratePerSecond: number,
    private readonly capacity: number,
    private readonly now: () => number,
  ) {
    this.tokens = capacity;
    this.last = now();
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    const now = this.now();
    const elapsed = Math.max(0, now - this.last);
    this.last = now;
    this.tokens = Math.min(this.capacity, this.tokens + (elapsed * this.ratePerSecond) / 1000);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export type Admission = 'admit' | 'limited' | 'flood';

export interface RequestRateOptions {
  ratePerSecond: number;
  burst: number;
  /** Refused requests tolerated (refilled at the same rate) before the client counts as flooding. */
  floodTolerance: number;
  now: () => number;
}

/** Admits a request ('admit'), refuses it ('limited'), or says the client floods and must go ('flood'). */
export class RequestRateLimiter {
  private readonly requests: TokenBucket;
  private readonly refusals: TokenBucket;

  constructor(options: RequestRateOptions) {
    this.requests = new TokenBucket(options.ratePerSecond, options.burst, options.now);
    this.refusals = new TokenBucket(options.ratePerSecond, options.floodTolerance, options.now);
  }

  admit(): Admission {
    if (this.requests.take()) return 'admit';
    return this.refusals.take() ? 'limited' : 'flood';
  }
}
