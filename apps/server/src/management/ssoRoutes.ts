// Single sign-on (docs/teams.md §Single sign-on): /api/v1/sso, an admin's settings of the organisation's OpenID
// provider (sso/ssoSettings.ts), and /api/v1/auth/sso/start and /callback, the open sign-in through it, which
// answer redirects (sso/ssoSignIn.ts).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { SSO_LOGIN_TTL_MS } from '../sso/ssoSignIn';
import { clearedStateCookie, stateCookie, stateFromCookies } from '../sso/ssoStateCookie';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { perAddress } from '../http/rateLimits';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

const R = MANAGEMENT_ROUTES;

/** The organisation's provider: read, set, removed (behind the operator's authentication). */
export const ssoSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ssoSettings } = app.services;
  const docs = { tags: ['sso'], security: OPERATOR_SECURITY };

  app.route({
    method: R.getSso.method,
    url: R.getSso.path,
    schema: {
      ...contractSchema(R.getSso),
      summary: "The organisation's single sign-on provider (never its secret), or null",
      ...docs,
    },
    handler: async (request) => ssoSettings.get(operatorOf(request).orgId),
  });
  app.route({
    method: R.putSso.method,
    url: R.putSso.path,
    schema: {
      ...contractSchema(R.putSso),
      summary: "Set the organisation's OpenID provider; it is checked by discovery first",
      ...docs,
    },
    handler: async (request) => ssoSettings.put(operatorOf(request), request.body),
  });
  app.route({
    method: R.deleteSso.method,
    url: R.deleteSso.path,
    schema: { ...contractSchema(R.deleteSso), summary: 'Remove the single sign-on provider', ...docs },
    handler: async (request) => ssoSettings.delete(operatorOf(request)),
  });
};

/** The sign-in through the provider: open, and rate limited per address like the password sign-in. */
export const ssoSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ssoSignIn, rateLimits, config } = app.services;
  const limit = perAddress(rateLimits.signInPerIp);
  const secure = config.publicUrl.startsWith('https:');

  app.route({
    method: R.ssoStart.method,
    url: R.ssoStart.path,
    config: limit,
    schema: {
      ...contractSchema(R.ssoStart),
      summary: "Sign in through the organisation's provider: redirects (302) to it",
      tags: ['auth'],
    },
    handler: async (request, reply) => {
      const { location, state } = await ssoSignIn.start(request.query.email);
      reply.header('set-cookie', stateCookie(state, secure, SSO_LOGIN_TTL_MS / 1000));
      return reply.redirect(location, 302);
    },
  });
  app.route({
    method: R.ssoCallback.method,
    url: R.ssoCallback.path,
    config: limit,
    schema: {
      ...contractSchema(R.ssoCallback),
      summary:
        'Where the provider sends the browser back: redirects (302) to the studio with the session, or why not, in the fragment',
      tags: ['auth'],
    },
    handler: async (request, reply) => {
      const { location, failure } = await ssoSignIn.callback(
        request.query,
        stateFromCookies(request.headers.cookie),
      );
      reply.header('set-cookie', clearedStateCookie(secure));
      // The studio shows only the code: the reason (a provider's refusal of the code exchange…) is for operators.
      if (failure !== undefined) request.log.info({ ssoFailure: failure.code }, failure.reason);
      return reply.redirect(location, 302);
    },
  });
};
