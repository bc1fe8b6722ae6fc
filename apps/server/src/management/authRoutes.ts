// /api/v1/auth: operators sign up (a new organisation and its first operator) and sign in with an email and a
// password, and get the identity service's tokens: the ID token authenticates every other management call, the
// refresh token renews it at /identity/v1/token. /api/v1/me names the caller and their organisation. Sign-up and
// sign-in are open, and rate limited per address.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { apiKeyRateLimit } from '../apiKeys/apiKeyRateLimit';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { perAddress } from '../http/rateLimits';
import { operatorAuthentication, operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

/** Sign-up and sign-in bodies: an email, a password and a name. */
export const AUTH_BODY_LIMIT = 16 * 1024;

const { signUp, signIn, me } = MANAGEMENT_ROUTES;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { operators, apiKeys, rateLimits } = app.services;
  const signInLimit = perAddress(rateLimits.signInPerIp);

  app.route({
    method: signUp.method,
    url: signUp.path,
    bodyLimit: AUTH_BODY_LIMIT,
    config: signInLimit,
    schema: {
      ...contractSchema(signUp),
      summary: 'Create an organisation and its first operator; answers the tokens of a signed-in session',
      tags: ['auth'],
    },
    handler: async (request, reply) => reply.status(201).send(await operators.signUp(request.body)),
  });

  app.route({
    method: signIn.method,
    url: signIn.path,
    bodyLimit: AUTH_BODY_LIMIT,
    config: signInLimit,
    schema: {
      ...contractSchema(signIn),
      summary: 'Sign an operator in; answers the tokens of a session',
      tags: ['auth'],
    },
    handler: async (request) => operators.signIn(request.body),
  });

  app.route({
    method: me.method,
    url: me.path,
    onRequest: [operatorAuthentication(operators, apiKeys), apiKeyRateLimit(app)],
    schema: {
      ...contractSchema(me),
      summary: 'The signed-in operator and their organisation',
      tags: ['auth'],
      security: OPERATOR_SECURITY,
    },
    handler: async (request) => operators.me(operatorOf(request)),
  });
};
