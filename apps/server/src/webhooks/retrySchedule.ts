// When a failed delivery is tried again (docs/webhooks.md §Retries): about 1 min, 5 min, 30 min and 2 h after
// successive failures, then every 2 h, until 24 h after the event; a retry that would fall later is not made and the
// delivery fails.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The waits after the 1st, 2nd, … failed attempt; the last repeats. */
export const RETRY_DELAYS_MS: readonly number[] = [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS];
/** A delivery is given up this long after its event. */
export const GIVE_UP_AFTER_MS = 24 * HOUR_MS;

/** When to try again after `failedAttempts` failures (the last at `nowMs`), or null when it is time to give up. */
export function nextRetryAt(failedAttempts: number, eventAt: number, nowMs: number): number | null {
  const index = Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_MS.length) - 1;
  const next = nowMs + RETRY_DELAYS_MS[index]!;
  return next > eventAt + GIVE_UP_AFTER_MS ? null : next;
}
