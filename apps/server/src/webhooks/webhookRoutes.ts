// /api/v1/webhooks (docs/webhooks.md, docs/management-api.md §Webhooks). The domain is in webhookService.ts.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from '../management/authenticate';
import { contractSchema } from '../management/contractRoute';

const R = MANAGEMENT_ROUTES;

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks } = app.services;
  const docs = { tags: ['webhooks'], security: OPERATOR_SECURITY };

  app.route({
    method: R.createWebhook.method,
    url: R.createWebhook.path,
    schema: {
      ...contractSchema(R.createWebhook),
      summary: 'Add a webhook; the answer carries its signing secret, shown this once',
      ...docs,
    },
    handler: async (request, reply) =>
      reply.status(201).send(await webhooks.create(operatorOf(request), request.body)),
  });
  app.route({
    method: R.listWebhooks.method,
    url: R.listWebhooks.path,
    schema: { ...contractSchema(R.listWebhooks), summary: "The organisation's webhooks", ...docs },
    handler: async (request) => ({ webhooks: await webhooks.list(operatorOf(request).orgId) }),
  });
  app.route({
    method: R.deleteWebhook.method,
    url: R.deleteWebhook.path,
    schema: {
      ...contractSchema(R.deleteWebhook),
      summary: 'Delete a webhook and its deliveries',
      ...docs,
    },
    handler: async (request) => webhooks.delete(operatorOf(request), request.params.id),
  });
  app.route({
    method: R.listWebhookDeliveries.method,
    url: R.listWebhookDeliveries.path,
    schema: {
      ...contractSchema(R.listWebhookDeliveries),
      summary: "A webhook's deliveries, newest first, each with its attempts",
      ...docs,
    },
    handler: async (request) =>
      webhooks.deliveries(operatorOf(request).orgId, request.params.id, request.query),
  });
  app.route({
    method: R.testWebhook.method,
    url: R.testWebhook.path,
    schema: {
      ...contractSchema(R.testWebhook),
      summary: 'Send a webhook.test event to this webhook',
      ...docs,
    },
    handler: async (request, reply) =>
      reply.status(202).send(await webhooks.sendTest(operatorOf(request).orgId, request.params.id)),
  });
};
