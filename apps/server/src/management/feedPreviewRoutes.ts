// GET /api/v1/feeds/preview?url=: the studio's editor previews a feed app before its layout is saved (docs/layouts.md
// §Studio). The server fetches and cleans the address exactly as it does a registered feed (feeds/feedService.ts),
// so the preview shows what screens will: never the feed's markup, never its scripts. Answers are cached briefly by
// address and each caller is limited, so the preview cannot be turned on a site.

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

/** Previews a member or key may ask for a minute: an editor typing an address, with room to spare. */
export const FEED_PREVIEWS_PER_MINUTE = 30;

const R = MANAGEMENT_ROUTES;

export const feedPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feeds } = app.services;
  app.route({
    method: R.previewFeed.method,
    url: R.previewFeed.path,
    // After the operator's authentication (a route's onRequest hooks follow its scope's): counted per caller.
    config: {
      rateLimit: {
        max: FEED_PREVIEWS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `feedPreview:${operatorOf(request).uid}`,
      },
    },
    schema: {
      ...contractSchema(R.previewFeed),
      summary: "A feed app's feed, fetched and cleaned as screens get it, before its layout is saved",
      tags: ['layouts'],
      security: OPERATOR_SECURITY,
    },
    handler: async (request) => feeds.preview(request.query.url),
  });
};
