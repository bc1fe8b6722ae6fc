// GET /api/v1/plays and /api/v1/plays/summary (docs/management-api.md §Proof of play): the operator's plays as
// JSON pages or a CSV stream, and summaries from the rollups. The domain is in playReportService.ts.

import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from '../management/authenticate';
import { contractSchema } from '../management/contractRoute';

const R = MANAGEMENT_ROUTES;

export const playRoutes: FastifyPluginAsyncZod = async (app) => {
  const { playReports } = app.services;
  const docs = { tags: ['plays'], security: OPERATOR_SECURITY };

  app.route({
    method: R.listPlays.method,
    url: R.listPlays.path,
    schema: {
      ...contractSchema(R.listPlays),
      summary: 'Plays in start order: a JSON page (cursor) or, with format=csv, all of them as a CSV stream',
      ...docs,
    },
    handler: async (request, reply) => {
      const { orgId } = operatorOf(request);
      if (request.query.format === 'json') return playReports.list(orgId, request.query);
      const lines = await playReports.csv(orgId, request.query);
      // A stream is piped as it is, never serialized: the route's JSON answer schema does not apply to it.
      const stream = Readable.from(lines) as never;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="plays.csv"')
        .send(stream);
    },
  });
  app.route({
    method: R.playSummary.method,
    url: R.playSummary.path,
    schema: {
      ...contractSchema(R.playSummary),
      summary: 'Plays and seconds by item, screen, local day or local hour (from the hourly rollups)',
      ...docs,
    },
    handler: async (request) => playReports.summary(operatorOf(request).orgId, request.query),
  });
};
