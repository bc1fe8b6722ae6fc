// The rate limit of API keys (docs/security.md §Limits): at most MARQUEE_RATE_LIMIT_API_KEY management calls a
// minute per key, counted in Redis with REDIS_URL (app.ts registers @fastify/rate-limit), so a key has one limit
// whichever node answers; over it, 429 with Retry-After. Members' ID tokens are not counted: a person in the
// studio is not an integration in a loop.

import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { operatorOf } from '../management/authenticate';
import type { AppServices } from '../services';

const WINDOW_MS = 60_000;

/** One hook per app: every route that takes keys counts into the same counters (a local store is per hook). */
const hooks = new WeakMap<AppServices, preHandlerAsyncHookHandler>();

/**
 * An onRequest hook, after the operator's authentication: counts the call against its key. Keyed by the key's id,
 * which names the key without carrying any of its secret.
 */
export function apiKeyRateLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  const existing = hooks.get(app.services);
  if (existing !== undefined) return existing;
  const hook = app.rateLimit({
    max: app.services.rateLimits.apiKeyPerKey,
    timeWindow: WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `apiKey:${operatorOf(request).uid}`,
    allowList: (request: FastifyRequest) => operatorOf(request).actor.kind !== 'apiKey',
  });
  hooks.set(app.services, hook);
  return hook;
}
