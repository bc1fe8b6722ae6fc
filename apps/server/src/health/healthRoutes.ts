// GET /api/v1/screens/{id}/uptime (docs/management-api.md §Screens): the screen's health intervals over the last
// hours, for the uptime bar. Health itself rides on the screen views (screens/screenViews.ts).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from '../management/authenticate';
import { contractSchema } from '../management/contractRoute';

const R = MANAGEMENT_ROUTES;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health } = app.services;
  app.route({
    method: R.screenUptime.method,
    url: R.screenUptime.path,
    schema: {
      ...contractSchema(R.screenUptime),
      summary: "A screen's online and offline intervals over the last hours, and its uptime percentage",
      tags: ['screens'],
      security: OPERATOR_SECURITY,
    },
    handler: async (request) =>
      health.uptime(operatorOf(request).orgId, request.params.id, request.query.hours),
  });
};
