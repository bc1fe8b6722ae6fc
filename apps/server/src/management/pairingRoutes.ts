// POST /api/v1/screens/pair: the operator types the code a player shows and gets the new screen (the pairing itself
// is screens/pairing.ts).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

const { pairScreen } = MANAGEMENT_ROUTES;

export const pairingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { screens } = app.services;

  app.route({
    method: pairScreen.method,
    url: pairScreen.path,
    schema: {
      ...contractSchema(pairScreen),
      summary: 'Pair the player showing `code` with a new screen of your organisation',
      tags: ['screens'],
      security: OPERATOR_SECURITY,
    },
    handler: async (request, reply) => {
      const screen = await screens.pair(operatorOf(request), request.body);
      return reply.status(201).send(await screens.view(screen));
    },
  });
};
