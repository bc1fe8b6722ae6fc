// The rate limit of API keys (docs/security.md §Limits): at most MARQUEE_RATE_LIMIT_API_KEY management calls a
// minute per key, counted in Redis with REDIS_URL (app.ts registers @fastify/rate-limit), so a key has one limit
// whichever node answers; over it, 429 RATE_LIMITED with Retry-After. Members' ID tokens are not counted: a person
// in the studio is not an integration in a loop.

import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { tooManyAttempts } from '../domain/errors';
import { operatorOf } from '../management/authenticate';
import type { AppServices } from '../services';

const WINDOW_MS = 60_000;

/** One hook per app: every route that takes keys counts into the same counters (a local store is per limiter). */
const hooks = new WeakMap<AppServices, onRequestAsyncHookHandler>();

/**
 * An onRequest hook, after the operator's authentication: counts a call made with a key against that key. Keyed by
 * the key's id, which names the key without carrying any of its secret. A limiter of its own (createRateLimit),
 * not the plugin's route hook: that one marks the request as limited, which would skip a route's own limit.
 */
export function apiKeyRateLimit(app: FastifyInstance): onRequestAsyncHookHandler {
  const existing = hooks.get(app.services);
  if (existing !== undefined) return existing;
  const max = app.services.rateLimits.apiKeyPerKey;
  const limiter = app.createRateLimit({
    max,
    timeWindow: WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `apiKey:${operatorOf(request).uid}`,
  });
  const hook: onRequestAsyncHookHandler = async (request) => {
    if (operatorOf(request).actor.kind !== 'apiKey') return;
    const counted = await limiter(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    throw tooManyAttempts(
      'RATE_LIMITED',
      `This API key made more than ${max} calls in a minute: retry in ${counted.ttlInSeconds} s`,
      Math.max(1, counted.ttlInSeconds),
    );
  };
  hooks.set(app.services, hook);
  return hook;
}
