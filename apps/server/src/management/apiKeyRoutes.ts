// /api/v1/api-keys (docs/teams.md §API keys): make a key (answered once), list the live ones, revoke one. The
// domain is in apiKeys/apiKeyService.ts; who may call these is the contract's access table (routeAccess.ts).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

const { createApiKey, listApiKeys, revokeApiKey } = MANAGEMENT_ROUTES;

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys } = app.services;
  const docs = { tags: ['api keys'], security: OPERATOR_SECURITY };

  app.route({
    method: createApiKey.method,
    url: createApiKey.path,
    schema: {
      ...contractSchema(createApiKey),
      summary: 'Make an API key with at most your role; the answer is the only time the key is shown',
      ...docs,
    },
    handler: async (request, reply) =>
      reply.status(201).send(await apiKeys.create(operatorOf(request), request.body)),
  });
  app.route({
    method: listApiKeys.method,
    url: listApiKeys.path,
    schema: {
      ...contractSchema(listApiKeys),
      summary: "The organisation's live API keys with their last use (never the keys)",
      ...docs,
    },
    handler: async (request) => ({ apiKeys: await apiKeys.list(operatorOf(request).orgId) }),
  });
  app.route({
    method: revokeApiKey.method,
    url: revokeApiKey.path,
    schema: {
      ...contractSchema(revokeApiKey),
      summary: 'Revoke an API key: refused from the next call on, on every node',
      ...docs,
    },
    handler: async (request) => apiKeys.revoke(operatorOf(request), request.params.id),
  });
};
