// The open routes of teams (docs/teams.md): accepting an invitation and resetting a forgotten password. Like
// sign-in they take no credential, have its body limit and are rate limited per client address; each answers a
// session like sign-in's.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { perAddress } from '../http/rateLimits';
import { AUTH_BODY_LIMIT } from './authRoutes';
import { contractSchema } from './contractRoute';

const { acceptInvitation, requestPasswordReset, completePasswordReset } = MANAGEMENT_ROUTES;

export const teamAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { operators, invitations, passwords, rateLimits } = app.services;
  const limits = { bodyLimit: AUTH_BODY_LIMIT, config: perAddress(rateLimits.signInPerIp) };

  app.route({
    method: acceptInvitation.method,
    url: acceptInvitation.path,
    ...limits,
    schema: {
      ...contractSchema(acceptInvitation),
      summary: "Accept an invitation with a password: creates the member and answers the session's tokens",
      tags: ['auth'],
    },
    handler: async (request, reply) => {
      const bundle = await invitations.accept(request.body.token, request.body.password, request.ip);
      return reply.status(201).send(await operators.session(bundle));
    },
  });

  app.route({
    method: requestPasswordReset.method,
    url: requestPasswordReset.path,
    ...limits,
    schema: {
      ...contractSchema(requestPasswordReset),
      summary:
        "Email a password reset link when SMTP is configured; the answer never tells whether it's a member",
      tags: ['auth'],
    },
    handler: async (request, reply) =>
      reply.status(202).send(await passwords.requestReset(request.body.email)),
  });

  app.route({
    method: completePasswordReset.method,
    url: completePasswordReset.path,
    ...limits,
    schema: {
      ...contractSchema(completePasswordReset),
      summary: "Set a new password with a reset link's token: ends every session and answers a new one",
      tags: ['auth'],
    },
    handler: async (request) =>
      operators.session(await passwords.completeReset(request.body.token, request.body.password, request.ip)),
  });
};
