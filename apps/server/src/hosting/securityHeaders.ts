// Headers every answer carries, whichever plugin sent it (pages, assets, media, API, errors, 404s): no content-type
// sniffing, no full URL leaked to other origins, and nothing cached that did not ask to be (docs/security.md
// §Headers). The pages' own Content-Security-Policy is set where they are served (staticApps.ts, pageSecurity.ts).

import type { FastifyInstance } from 'fastify';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** What an answer without a cache policy of its own gets: API answers carry tokens and live state. */
export const NO_STORE = 'no-store';

/**
 * Installs the hook on the root instance, so it runs for every route, the 404 handler and the error handler.
 * Call before registering any plugin.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', REFERRER_POLICY);
    // Media files, hashed assets and pages set a deliberate policy and keep it; an error answer is never cached,
    // even where the route had set one before it failed.
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
    return payload;
  });
}
