// Request metrics, the route table and GET /metrics (docs/architecture.md §The pieces). The hooks are installed on
// the root instance before any plugin, so they see every route and every request, whichever plugin answers it.

import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface RouteEntry {
  method: string;
  /** The route pattern as registered, e.g. '/api/v1/screens/:id'. */
  url: string;
  /** Left out of the OpenAPI document (schema.hide): static files, the docs' own routes. */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in registration order (for the fuzz test and the OpenAPI check). */
    routeTable: readonly RouteEntry[];
  }
}

/** The player API's heartbeat route: a 2xx answer there is one heartbeat recorded. */
const HEARTBEAT_ROUTE = '/_internal/players/:id/heartbeat';
/** The route label of requests no route matched (404s): one label, whatever the path, to bound cardinality. */
const UNMATCHED_ROUTE = 'unmatched';

/** Installs the request hooks and the route table; call before registering any plugin. */
export function registerObservability(app: FastifyInstance): void {
  const { metrics } = app.services;
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = (route.schema as { hide?: unknown } | undefined)?.hide === true;
    for (const method of methods) routes.push({ method, url: route.url, hidden });
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (route === HEARTBEAT_ROUTE && request.method === 'POST' && reply.statusCode < 300) {
      metrics.heartbeats.inc();
    }
  });
}

export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { metrics } = app.services;
  app.get(
    '/metrics',
    {
      schema: {
        summary: 'Prometheus metrics: requests, latency, players registered, heartbeats, process',
        tags: ['operations'],
      },
    },
    async (_request, reply) => {
      const { contentType, body } = await metrics.render();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
};
