import { describe, expect, it } from 'vitest';
import { RequestRateLimiter, TokenBucket } from './rateLimiter';

describe('TokenBucket', () => {
  it('gives its capacity at once, then refills at its rate, never above its capacity', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 3, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 99; // 0.99 token
    expect(bucket.take()).toBe(false);
    now += 1;
    expect(bucket.take()).toBe(true);
    now += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });

  it('ignores a clock that goes backwards', () => {
    let now = 1000;
    const bucket = new TokenBucket(1, 1, () => now);
    expect(bucket.take()).toBe(true);
    now = 0;
    expect(bucket.take()).toBe(false);
  });
});

describe('RequestRateLimiter', () => {
  it('admits the burst, refuses the tolerance, then reports a flood', () => {
    let now = 0;
    const limiter = new RequestRateLimiter({ ratePerSecond: 2, burst: 4, floodTolerance: 3, now: () => now });
    const answers = Array.from({ length: 8 }, () => limiter.admit());
    expect(answers).toEqual(['admit', 'admit', 'admit', 'admit', 'limited', 'limited', 'limited', 'flood']);
    now += 500; // one request and one refusal back
    expect([limiter.admit(), limiter.admit(), limiter.admit()]).toEqual(['admit', 'limited', 'flood']);
  });
});
