// /api/v1/alert-rules (docs/management-api.md §Screen health and alerts): thin routes over alerts/alertRuleService.ts.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from '../management/authenticate';
import { contractSchema } from '../management/contractRoute';

/** Targets name at most 20,000 screens and groups each. */
const RULE_BODY_LIMIT = 3 * 1024 * 1024;

const R = MANAGEMENT_ROUTES;

export const alertRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alertRules } = app.services;
  const docs = { tags: ['alerts'], security: OPERATOR_SECURITY };

  app.route({
    method: R.createAlertRule.method,
    url: R.createAlertRule.path,
    bodyLimit: RULE_BODY_LIMIT,
    schema: {
      ...contractSchema(R.createAlertRule),
      summary: 'Create an alert rule: alerts when its screens are offline for its threshold',
      ...docs,
    },
    handler: async (request, reply) =>
      reply.status(201).send(await alertRules.create(operatorOf(request), request.body)),
  });
  app.route({
    method: R.listAlertRules.method,
    url: R.listAlertRules.path,
    schema: { ...contractSchema(R.listAlertRules), summary: "The organisation's alert rules", ...docs },
    handler: async (request) => ({ alertRules: await alertRules.list(operatorOf(request).orgId) }),
  });
  app.route({
    method: R.getAlertRule.method,
    url: R.getAlertRule.path,
    schema: { ...contractSchema(R.getAlertRule), summary: 'One alert rule', ...docs },
    handler: async (request) => alertRules.get(operatorOf(request).orgId, request.params.id),
  });
  app.route({
    method: R.updateAlertRule.method,
    url: R.updateAlertRule.path,
    bodyLimit: RULE_BODY_LIMIT,
    schema: { ...contractSchema(R.updateAlertRule), summary: 'Change an alert rule', ...docs },
    handler: async (request) => alertRules.update(operatorOf(request), request.params.id, request.body),
  });
  app.route({
    method: R.deleteAlertRule.method,
    url: R.deleteAlertRule.path,
    schema: { ...contractSchema(R.deleteAlertRule), summary: 'Delete an alert rule', ...docs },
    handler: async (request) => alertRules.delete(operatorOf(request), request.params.id),
  });
};
