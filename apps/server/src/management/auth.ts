// /api/v1/auth: operators sign up (a new organisation and its first operator) and sign in with an email and a
// password, through the identity service, and get its tokens: the ID token authenticates every other management
// call, the refresh token renews it at /identity/v1/token. /api/v1/me names the caller and their organisation.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkPassword, describeUnmetRequirements } from '@marquee/protocol';
import { ApiError, badRequest, conflict, forbidden, unauthorized } from '../http/errors';
import { newId } from '../ids';
import { IdentityError } from '../identity/identityErrors';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, type TokenBundle } from '../identity/identityService';
import { OPERATOR_SECURITY } from '../observability/openapi';
import { operatorAuthentication, operatorOf } from './authenticate';

export const ORG_NAME_MAX_LENGTH = 120;
export const AUTH_BODY_LIMIT = 16 * 1024;
const RATE_WINDOW_MS = 60_000;

const email = z.string().max(MAX_EMAIL_LENGTH);
const password = z.string().max(MAX_PASSWORD_LENGTH);

export const SignUpSchema = z.strictObject({
  email,
  password,
  orgName: z.string().trim().min(1, 'must not be empty').max(ORG_NAME_MAX_LENGTH),
});
export const SignInSchema = z.strictObject({ email, password });

const UserSchema = z.object({ id: z.string(), email: z.string().nullable() });
const OrgSchema = z.object({ id: z.string(), name: z.string() });
export const SessionSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  /** Seconds the ID token is valid for. */
  expiresIn: z.number(),
  user: UserSchema,
  org: OrgSchema.nullable(),
});

/** The identity service's refusals as management API errors, each naming the field to blame. */
function fromIdentityError(error: IdentityError): ApiError {
  switch (error.code) {
    case 'EMAIL_EXISTS':
      return conflict('EMAIL_EXISTS', 'An account with this email address already exists');
    case 'MISSING_EMAIL':
    case 'INVALID_EMAIL':
      return badRequest('INVALID_EMAIL', 'The email address is not valid', 'email');
    case 'MISSING_PASSWORD':
      return badRequest('MISSING_PASSWORD', 'The password must not be empty', 'password');
    case 'WEAK_PASSWORD':
      return badRequest('WEAK_PASSWORD', error.detail ?? 'The password is too weak', 'password');
    case 'INVALID_LOGIN_CREDENTIALS':
      return unauthorized('INVALID_CREDENTIALS', 'Wrong email address or password');
    case 'USER_DISABLED':
      return forbidden('ACCOUNT_DISABLED', 'This account is disabled');
    default:
      return badRequest(error.code, error.message);
  }
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, identity, clock, rateLimits } = app.services;
  const perIp = { rateLimit: { max: rateLimits.signInPerIp, timeWindow: RATE_WINDOW_MS } };

  async function session(bundle: TokenBundle): Promise<z.infer<typeof SessionSchema>> {
    const row = await db
      .selectFrom('users')
      .leftJoin('orgs', 'orgs.id', 'users.org_id')
      .select(['orgs.id as orgId', 'orgs.name as orgName'])
      .where('users.id', '=', bundle.uid)
      .executeTakeFirst();
    return {
      idToken: bundle.idToken,
      refreshToken: bundle.refreshToken,
      expiresIn: bundle.expiresIn,
      user: { id: bundle.uid, email: bundle.email },
      org: row?.orgId && row.orgName !== null ? { id: row.orgId, name: row.orgName } : null,
    };
  }

  app.post(
    '/auth/signup',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: perIp,
      schema: {
        summary: 'Create an organisation and its first operator; answers the tokens of a signed-in session',
        tags: ['auth'],
        body: SignUpSchema,
        response: { 201: SessionSchema },
      },
    },
    async (request, reply) => {
      const { email: address, password: secret, orgName } = request.body;
      const check = checkPassword(secret, identity.passwordPolicy);
      if (!check.ok) {
        throw new ApiError(400, 'WEAK_PASSWORD', describeUnmetRequirements(check.unmet), 'password', {
          requirements: check.unmet,
        });
      }
      const now = clock();
      const orgId = newId(now);
      await db
        .insertInto('orgs')
        .values({
          id: orgId,
          name: orgName,
          allow_clone_screen_by_hardware_id: 0,
          exempt_from_duplicate_checks: 0,
          created_at: now,
        })
        .execute();
      let bundle: TokenBundle;
      try {
        bundle = await identity.signUp(address, secret, orgId);
      } catch (error) {
        // Nothing is left behind by a refused sign-up.
        await db.deleteFrom('orgs').where('id', '=', orgId).execute();
        throw error instanceof IdentityError ? fromIdentityError(error) : error;
      }
      return reply.status(201).send(await session(bundle));
    },
  );

  app.post(
    '/auth/signin',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: perIp,
      schema: {
        summary: 'Sign an operator in; answers the tokens of a session',
        tags: ['auth'],
        body: SignInSchema,
        response: { 200: SessionSchema },
      },
    },
    async (request) => {
      try {
        return await session(await identity.signInWithPassword(request.body.email, request.body.password));
      } catch (error) {
        throw error instanceof IdentityError ? fromIdentityError(error) : error;
      }
    },
  );

  app.get(
    '/me',
    {
      onRequest: operatorAuthentication(identity),
      schema: {
        summary: 'The signed-in operator and their organisation',
        tags: ['auth'],
        security: OPERATOR_SECURITY,
        response: { 200: z.object({ user: UserSchema, org: OrgSchema }) },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const org = await db
        .selectFrom('orgs')
        .select(['id', 'name'])
        .where('id', '=', operator.orgId)
        .executeTakeFirstOrThrow();
      return { user: { id: operator.uid, email: operator.email }, org };
    },
  );
};
