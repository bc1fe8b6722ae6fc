// /identity/v1: the identity service's HTTP face (docs/protocols/identity.md §Custom-token sign-in, §Refresh,
// §Accounts), with the paths, bodies and answers of the hosted identity REST API the player's client was written
// against: accounts:signInWithCustomToken, token (form-encoded refresh), accounts:lookup, accounts:delete,
// accounts:revokeToken, passwordPolicy, and for operators accounts:signUp and accounts:signInWithPassword.
// Every error answers in that API's shape (identityErrors.ts).

import formbody from '@fastify/formbody';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordRequirements } from '@marquee/protocol';
import { toErrorResponse } from '../http/errorHandler';
import { perAddress } from '../http/rateLimits';
import { IdentityError, identityErrorBody, type IdentityErrorCode } from './identityErrors';
import type { TokenBundle } from './identityService';

/** Identity requests are small: tokens, an email and a password. */
const IDENTITY_BODY_LIMIT = 64 * 1024;

// The code a wrongly typed field answers with (a missing one is reported by the service: MISSING_…).
const FIELD_CODES: Record<string, IdentityErrorCode> = {
  token: 'INVALID_CUSTOM_TOKEN',
  idToken: 'INVALID_ID_TOKEN',
  email: 'INVALID_EMAIL',
  password: 'INVALID_PASSWORD',
  refresh_token: 'INVALID_REFRESH_TOKEN',
  grant_type: 'INVALID_GRANT_TYPE',
};

function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const validation = (error as Partial<FastifyError> | null)?.validation;
  if (Array.isArray(validation)) {
    const field = (validation[0]?.instancePath ?? '').split('/').filter(Boolean)[0];
    if (field === undefined) return new IdentityError('INVALID_ARGUMENT', 'Invalid JSON payload received.');
    return new IdentityError(FIELD_CODES[field] ?? 'INVALID_ARGUMENT', `Invalid value at '${field}'`);
  }
  const { status, body } = toErrorResponse(error);
  if (status === 429) return new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', undefined, 429);
  if (status < 500) return new IdentityError('INVALID_ARGUMENT', body.error.message, status);
  throw error;
}

const optionalString = z.string().optional();
const returnSecureToken = z.boolean().optional();

const tokenAnswer = (bundle: TokenBundle) => ({
  idToken: bundle.idToken,
  refreshToken: bundle.refreshToken,
  expiresIn: String(bundle.expiresIn),
});

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity, rateLimits } = app.services;
  const signInLimit = perAddress(rateLimits.signInPerIp);

  await app.register(formbody, { bodyLimit: IDENTITY_BODY_LIMIT });

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    let identityError: IdentityError;
    try {
      identityError = toIdentityError(error);
    } catch {
      request.log.error({ err: error }, 'identity request failed');
      void reply
        .status(500)
        .send(identityErrorBody(new IdentityError('INVALID_ARGUMENT', 'Internal error', 500)));
      return;
    }
    request.log.info({ code: identityError.code }, 'identity request refused');
    if (identityError.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(identityError.retryAfterSeconds));
    }
    void reply.status(identityError.statusCode).send(identityErrorBody(identityError));
  });

  app.post(
    '/accounts::signInWithCustomToken',
    {
      bodyLimit: IDENTITY_BODY_LIMIT,
      config: signInLimit,
      schema: {
        summary: 'Exchange a player custom token for an ID token and a refresh token',
        tags: ['identity'],
        body: z.object({ token: optionalString, returnSecureToken }).nullish(),
      },
    },
    async (request) => {
      const bundle = await identity.signInWithCustomToken(request.body?.token);
      return {
        kind: 'identitytoolkit#VerifyCustomTokenResponse',
        ...tokenAnswer(bundle),
        isNewUser: bundle.isNewUser,
      };
    },
  );

  app.post(
    '/token',
    {
      bodyLimit: IDENTITY_BODY_LIMIT,
      config: signInLimit,
      schema: {
        summary: 'Exchange a refresh token for a new ID token (form-encoded grant_type=refresh_token)',
        tags: ['identity'],
      },
    },
    async (request) => {
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      if (body.grant_type !== 'refresh_token') throw new IdentityError('INVALID_GRANT_TYPE');
      const refreshToken = body.refresh_token;
      if (typeof refreshToken !== 'string' || refreshToken === '')
        throw new IdentityError('MISSING_REFRESH_TOKEN');
      const bundle = await identity.refresh(refreshToken);
      return {
        access_token: bundle.idToken,
        expires_in: String(bundle.expiresIn),
        token_type: 'Bearer',
        refresh_token: bundle.refreshToken,
        id_token: bundle.idToken,
        user_id: bundle.uid,
        project_id: 'marquee',
      };
    },
  );

  const idTokenBody = z.object({ idToken: optionalString }).nullish();

  app.post(
    '/accounts::lookup',
    {
      bodyLimit: IDENTITY_BODY_LIMIT,
      schema: { summary: 'The account behind an ID token', tags: ['identity'], body: idTokenBody },
    },
    async (request) => ({
      kind: 'identitytoolkit#GetAccountInfoResponse',
      users: [await identity.lookup(request.body?.idToken)],
    }),
  );

  app.post(
    '/accounts::delete',
    {
      bodyLimit: IDENTITY_BODY_LIMIT,
      schema: { summary: 'Delete the account behind an ID token', tags: ['identity'], body: idTokenBody },
    },
    async (request) => {
      await identity.deleteAccountOf(request.body?.idToken);
      return { kind: 'identitytoolkit#DeleteAccountResponse' };
    },
  );

  app.post(
    '/accounts::revokeToken',
    {
      bodyLimit: IDENTITY_BODY_LIMIT,
      schema: {
        summary: 'Revoke every ID token and refresh token of the account behind an ID token',
        tags: ['identity'],
        body: z.object({ idToken: optionalString }).passthrough().nullish(),
      },
    },
    async (request) => {
      await identity.revokeTokensOf(request.body?.idToken);
      return {};
    },
  );

  app.get(
    '/passwordPolicy',
    { schema: { summary: 'The password policy operators must meet', tags: ['identity'] } },
    async () => {
      const policy = identity.passwordPolicy;
      return {
        customStrengthOptions: {
          minPasswordLength: policy.minLength,
          ...(policy.maxLength === undefined ? {} : { maxPasswordLength: policy.maxLength }),
          ...(policy.requireLowercase ? { containsLowercaseCharacter: true } : {}),
          ...(policy.requireUppercase ? { containsUppercaseCharacter: true } : {}),
          ...(policy.requireNumeric ? { containsNumericCharacter: true } : {}),
          ...(policy.requireNonAlphanumeric ? { containsNonAlphanumericCharacter: true } : {}),
        },
        enforcementState: 'ENFORCE',
        forceUpgradeOnSignin: false,
        schemaVersion: 1,
        policy,
        requirements: passwordRequirements(policy),
      };
    },
  );

  const credentialsBody = z
    .object({ email: optionalString, password: optionalString, returnSecureToken })
    .nullish();

  app.post(
    '/accounts::signUp',
    {
      bodyLimit: IDENTITY_BODY_LIMIT,
      config: signInLimit,
      schema: { summary: 'Create an operator account', tags: ['identity'], body: credentialsBody },
    },
    async (request) => {
      const bundle = await identity.signUp(request.body?.email, request.body?.password);
      return {
        kind: 'identitytoolkit#SignupNewUserResponse',
        localId: bundle.uid,
        email: bundle.email,
        ...tokenAnswer(bundle),
      };
    },
  );

  app.post(
    '/accounts::signInWithPassword',
    {
      bodyLimit: IDENTITY_BODY_LIMIT,
      config: signInLimit,
      schema: { summary: 'Sign an operator in', tags: ['identity'], body: credentialsBody },
    },
    async (request) => {
      const bundle = await identity.signInWithPassword(request.body?.email, request.body?.password);
      return {
        kind: 'identitytoolkit#VerifyPasswordResponse',
        localId: bundle.uid,
        email: bundle.email,
        displayName: '',
        registered: true,
        ...tokenAnswer(bundle),
      };
    },
  );
};
