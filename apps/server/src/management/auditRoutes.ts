// GET /api/v1/audit (docs/teams.md §Audit log): the operator's organisation's audit log, newest first, a page at a
// time. There is no route that edits or deletes an entry. The domain is in audit/auditService.ts.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

const R = MANAGEMENT_ROUTES;

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit } = app.services;
  app.route({
    method: R.listAudit.method,
    url: R.listAudit.path,
    schema: {
      ...contractSchema(R.listAudit),
      summary: 'Changes made through the API, newest first (cursor paging; filters: from, to, actor, target)',
      tags: ['audit'],
      security: OPERATOR_SECURITY,
    },
    handler: async (request) => audit.list(operatorOf(request).orgId, request.query),
  });
};
