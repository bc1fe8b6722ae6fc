// The route configuration of the HTTP rate limits (registered in app.ts; MARQUEE_RATE_LIMIT_* are per minute).
// Open routes count per client address; player routes per presented credential, so players behind one address
// (a school's NAT) do not share a limit.

import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { credentialOf } from './authorization';

const RATE_LIMIT_WINDOW_MS = 60_000;

/** Rate-limit key of player calls: the presented credential (hashed, never kept), else the address. */
function playerRateLimitKey(request: FastifyRequest): string {
  const credential = credentialOf(request);
  return credential === null
    ? `ip:${request.ip}`
    : `token:${createHash('sha256').update(credential).digest('hex')}`;
}

/** At most `max` requests a minute per client address. */
export function perAddress(max: number) {
  return { rateLimit: { max, timeWindow: RATE_LIMIT_WINDOW_MS } };
}

/** At most `max` requests a minute per player credential (per address when none is presented). */
export function perPlayer(max: number) {
  return { rateLimit: { max, timeWindow: RATE_LIMIT_WINDOW_MS, keyGenerator: playerRateLimitKey } };
}
