// GET /feeds/{id}: the cleaned copy of a feed that a layout's feed app shows (docs/layouts.md §Feeds). Public like
// /media/{id} (the content player fetches it without credentials; ids are unguessable server ids). Always JSON the
// players validate (CleanFeedSchema); a feed that is down answers its last good copy, never an error.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FeedIdParams } from '@marquee/management-api';

/** Players poll every few minutes and keep their own copy; a short shared cache spares the database. */
export const FEED_CACHE_CONTROL = 'public, max-age=60';

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feeds } = app.services;
  app.get(
    '/feeds/:id',
    {
      schema: {
        summary: "A feed app's feed, cleaned down to text and image addresses (public)",
        tags: ['feeds'],
        params: FeedIdParams,
      },
    },
    async (request, reply) => {
      const feed = await feeds.cleanCopy(request.params.id);
      return reply
        .header('cache-control', FEED_CACHE_CONTROL)
        .header('access-control-allow-origin', '*')
        .header('x-content-type-options', 'nosniff')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(feed));
    },
  );
};
