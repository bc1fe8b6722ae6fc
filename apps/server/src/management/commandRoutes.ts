// /api/v1/screens/{id}/commands and /api/v1/screens/commands: remote commands on one screen, or one command on many
// screens at once (the domain is screens/screenCommands.ts and the player service's action flags).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { ACTION_FLAG_PRIORITY } from '@marquee/protocol';
import { jsonInSlices } from '../http/jsonInSlices';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { COMMANDS_PAGE_SIZE } from '../screens/screenCommands';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

const { raiseBulkCommand, raiseCommand, listCommands } = MANAGEMENT_ROUTES;
const docs = { tags: ['commands'], security: OPERATOR_SECURITY };
const KNOWN_COMMANDS = `command is one of ${ACTION_FLAG_PRIORITY.join(', ')}`;

export const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  const { screens } = app.services;

  app.route({
    method: raiseBulkCommand.method,
    url: raiseBulkCommand.path,
    schema: {
      ...contractSchema(raiseBulkCommand),
      summary:
        'Raise a command (action flag) on many screens at once: the listed ones, or all of the organisation',
      description:
        `${KNOWN_COMMANDS}; screens without a player are skipped; ` +
        'any screen id not of the organisation refuses the whole request (404) and raises nothing',
      ...docs,
    },
    handler: async (request, reply) => {
      const answer = await screens.raiseBulkCommand(operatorOf(request), request.body);
      // A fleet's commands serialized at once held the event loop for tens of milliseconds (http/jsonInSlices.ts).
      const text = await jsonInSlices(answer, 'commands');
      // Fastify sends a string as it is (no serializer): the answer, already serialized.
      return reply
        .status(201)
        .type('application/json; charset=utf-8')
        .send(text as unknown as typeof answer);
    },
  });

  app.route({
    method: raiseCommand.method,
    url: raiseCommand.path,
    schema: {
      ...contractSchema(raiseCommand),
      summary: 'Raise a command (action flag) on the screen; answers when it was raised',
      description: KNOWN_COMMANDS,
      ...docs,
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await screens.raiseCommand(operatorOf(request), request.params.id, request.body)),
  });

  app.route({
    method: listCommands.method,
    url: listCommands.path,
    schema: {
      ...contractSchema(listCommands),
      summary: `The screen's latest ${COMMANDS_PAGE_SIZE} commands, newest first, pending and acknowledged`,
      ...docs,
    },
    handler: async (request) => ({
      commands: await screens.commands(operatorOf(request).orgId, request.params.id),
    }),
  });
};
