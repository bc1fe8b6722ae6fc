// The failed-sign-in counters in Redis (REDIS_URL), so that every node counts an account's failures together
// (failedSignIns.ts says what is counted). Each account is one hash {count, reset_at} changed by one script, so
// concurrent attempts on several nodes are counted exactly. Times are the nodes' clocks (reset_at is compared with
// the caller's `now`), so a window ends when the node's clock says so; Redis's own expiry only clears the key.
// While Redis is away the limit is not enforced, as for the other rate limits (docs/security.md §Limits): an
// outage must never lock an operator out.

import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  DEFAULT_FAILED_SIGN_IN_LIMITS,
  type FailedSignInLimits,
  type FailedSignIns,
  type SignInAttempt,
} from './failedSignIns';

// KEYS[1] the account; ARGV now, window, limit. Answers {1, 0} when an attempt was taken, {0, ms to wait} when not.
const TAKE = `
local now = tonumber(ARGV[1])
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local resetAt = tonumber(redis.call('HGET', KEYS[1], 'reset_at') or '0')
if resetAt <= now then
  count = 0
  resetAt = now + tonumber(ARGV[2])
end
if count >= tonumber(ARGV[3]) then
  return {0, resetAt - now}
end
redis.call('HSET', KEYS[1], 'count', count + 1, 'reset_at', resetAt)
redis.call('PEXPIRE', KEYS[1], resetAt - now)
return {1, 0}
`;

const GIVE_BACK = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if count > 0 then
  redis.call('HSET', KEYS[1], 'count', count - 1)
end
return 0
`;

export interface RedisFailedSignInsOptions {
  /** Shared with the HTTP rate limits; owned (and closed) by the caller. */
  client: Redis;
  /** Separates environments sharing one Redis, e.g. 'marquee:production:'. */
  keyPrefix: string;
  clock: () => number;
  limits?: FailedSignInLimits;
  /** Told when Redis did not answer (the attempt went through unlimited). */
  onUnavailable?: (error: unknown) => void;
}

export class RedisFailedSignIns implements FailedSignIns {
  private readonly limits: FailedSignInLimits;
  private readonly onUnavailable: (error: unknown) => void;

  constructor(private readonly options: RedisFailedSignInsOptions) {
    this.limits = options.limits ?? DEFAULT_FAILED_SIGN_IN_LIMITS;
    this.onUnavailable = options.onUnavailable ?? (() => {});
  }

  async take(account: string): Promise<SignInAttempt> {
    const { limit, windowMs } = this.limits;
    try {
      const [taken, waitMs] = (await this.options.client.eval(
        TAKE,
        1,
        this.key(account),
        this.options.clock(),
        windowMs,
        limit,
      )) as [number, number];
      return taken === 1 ? { allowed: true } : { allowed: false, retryAfterMs: waitMs };
    } catch (error) {
      this.onUnavailable(error);
      return { allowed: true };
    }
  }

  async giveBack(account: string): Promise<void> {
    try {
      await this.options.client.eval(GIVE_BACK, 1, this.key(account));
    } catch (error) {
      this.onUnavailable(error);
    }
  }

  async clear(account: string): Promise<void> {
    try {
      await this.options.client.del(this.key(account));
    } catch (error) {
      this.onUnavailable(error);
    }
  }

  /** The account's key: its address hashed, so that Redis holds no email addresses. */
  private key(account: string): string {
    return `${this.options.keyPrefix}failed-sign-in:${createHash('sha256').update(account).digest('hex')}`;
  }
}
