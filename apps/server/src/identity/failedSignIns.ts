// The per-account limit on failed password sign-ins (docs/security.md §Limits): at most FAILED_SIGN_IN_LIMIT
// failures per account in a FAILED_SIGN_IN_WINDOW_MS window, whatever address they come from, so that a botnet
// cannot guess one operator's password by spreading its guesses over many addresses (the per-IP limit cannot see
// that). Once the window's failures are used up, every sign-in of the account is refused, the right password too,
// until the window ends: letting a right password through would make each refused guess an answer. Refused
// attempts are not counted, so the lock never outlasts the window that started it. A correct password clears the
// account's failures.
//
// An attempt is taken before the password is checked (and given back if the check itself fails), so concurrent
// guesses cannot all slip in under the limit. Accounts are keyed by their normalised email whether they exist or
// not: an unknown address is limited exactly like a known one.
//
// In process by default; shared by every node through Redis with REDIS_URL (redisFailedSignIns.ts).

/** Failed sign-ins allowed per account in one window. */
export const FAILED_SIGN_IN_LIMIT = 10;
/** How long an account's failures count, from its first failure. */
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Accounts with failures kept in process at most; past it the oldest windows are forgotten first. */
export const IN_PROCESS_MAX_ACCOUNTS = 100_000;

export type SignInAttempt = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface FailedSignIns {
  /** Takes an attempt on `account` (counted as a failure until cleared or given back), unless none is left. */
  take(account: string): Promise<SignInAttempt>;
  /** Gives back an attempt that did not fail: the check itself broke (a fault of the server, not a guess). */
  giveBack(account: string): Promise<void>;
  /** The right password: the account's failures are forgotten. */
  clear(account: string): Promise<void>;
}

export interface FailedSignInLimits {
  limit: number;
  windowMs: number;
}

export const DEFAULT_FAILED_SIGN_IN_LIMITS: FailedSignInLimits = {
  limit: FAILED_SIGN_IN_LIMIT,
  windowMs: FAILED_SIGN_IN_WINDOW_MS,
};

interface Window {
  count: number;
  /** Epoch ms when the window ends and its failures stop counting. */
  resetAt: number;
}

/** The counters of one node, for the embedded default (one node, no Redis). */
export class InProcessFailedSignIns implements FailedSignIns {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly clock: () => number,
    private readonly limits: FailedSignInLimits = DEFAULT_FAILED_SIGN_IN_LIMITS,
    private readonly maxAccounts = IN_PROCESS_MAX_ACCOUNTS,
  ) {}

  async take(account: string): Promise<SignInAttempt> {
    const now = this.clock();
    const current = this.windows.get(account);
    const window = current === undefined || current.resetAt <= now ? this.open(account, now) : current;
    if (window.count >= this.limits.limit) return { allowed: false, retryAfterMs: window.resetAt - now };
    window.count += 1;
    return { allowed: true };
  }

  async giveBack(account: string): Promise<void> {
    const window = this.windows.get(account);
    if (window !== undefined && window.count > 0) window.count -= 1;
  }

  async clear(account: string): Promise<void> {
    this.windows.delete(account);
  }

  private open(account: string, now: number): Window {
    // Re-inserted at the end: the map stays in order of window start, oldest first.
    this.windows.delete(account);
    if (this.windows.size >= this.maxAccounts) this.evict(now);
    const window = { count: 0, resetAt: now + this.limits.windowMs };
    this.windows.set(account, window);
    return window;
  }

  /**
   * Drops ended windows, which are all at the front (every window lasts as long); when every window is still
   * running, the oldest goes, so memory stays bounded.
   */
  private evict(now: number): void {
    for (const [account, window] of this.windows) {
      if (window.resetAt > now) break;
      this.windows.delete(account);
    }
    const oldest = this.windows.keys().next();
    if (this.windows.size >= this.maxAccounts && oldest.done !== true) this.windows.delete(oldest.value);
  }
}
