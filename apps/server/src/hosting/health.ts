// Reachability and health (docs/architecture.md §The pieces): /online.txt is the player's fallback reachability
// check (docs/player.md §Connection states: any status 200–399 counts as online; fetched cross-origin with a
// cache-busting query), /healthz says the process answers, /readyz that it can also reach its database and, when
// scaled out (REDIS_URL), Redis (503 otherwise: a load balancer stops sending traffic).

import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const REDIS_NOT_READY_MESSAGE =
  'Redis is not reachable: realtime changes from other nodes are delayed';

/** Longest wait for the database before /readyz answers 503. */
export const READINESS_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, pubsub } = app.services;

  app.get(
    '/online.txt',
    {
      schema: {
        summary: 'Reachability check target of the players: 200 "ok", never cached, readable from any origin',
        tags: ['operations'],
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('access-control-allow-origin', '*')
        .type('text/plain; charset=utf-8')
        .send('ok'),
  );

  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness: the process answers',
        tags: ['operations'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: the database (and Redis, when configured) answers (503 when it does not)',
        tags: ['operations'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(db),
          new Promise((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error('database timed out')), READINESS_TIMEOUT_MS);
          }),
        ]);
      } catch (error) {
        request.log.warn({ err: error }, 'not ready: database unreachable');
        return reply
          .status(503)
          .send({ error: { code: 'NOT_READY', message: 'The database is not reachable' } });
      } finally {
        clearTimeout(timer);
      }
      // The pub/sub's own view (Redis connections up, subscriptions renewed, listeners caught up; in process always
      // ready): no round trip.
      if (pubsub.status !== 'ready') {
        return reply.status(503).send({ error: { code: 'NOT_READY', message: REDIS_NOT_READY_MESSAGE } });
      }
      return reply.send({ status: 'ready' });
    },
  );
};
