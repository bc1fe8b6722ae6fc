// Who is calling the management API: an operator, by the ID token the identity service gave at sign-in
// (`Authorization: Bearer <ID token>`), who belongs to an organisation. Everything an operator reaches is scoped to
// that organisation (DESIGN.md §7); the organisation is read from the database on every call, never trusted from
// the token.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import { IdentityError } from '../identity/identityErrors';
import type { IdentityService } from '../identity/identityService';

export interface Operator {
  uid: string;
  email: string | null;
  orgId: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const operators = new WeakMap<FastifyRequest, Operator>();

const TOKEN_ERRORS: Partial<Record<IdentityError['code'], [string, string]>> = {
  TOKEN_EXPIRED: ['TOKEN_EXPIRED', 'The ID token has expired or was revoked: sign in again'],
  USER_NOT_FOUND: ['ACCOUNT_NOT_FOUND', 'The account of this ID token no longer exists'],
};

/** An onRequest hook: rejects the request unless it carries a valid operator ID token (see operatorOf). */
export function operatorAuthentication(identity: IdentityService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') {
      throw unauthorized('MISSING_AUTHORIZATION', 'Sign in first: send Authorization: Bearer <ID token>');
    }
    const match = BEARER.exec(header);
    if (match === null) {
      throw unauthorized('INVALID_AUTHORIZATION', 'The Authorization header must be "Bearer <ID token>"');
    }
    let verified;
    try {
      verified = await identity.verifyIdToken(match[1]);
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      if (error.code === 'USER_DISABLED') throw forbidden('ACCOUNT_DISABLED', 'This account is disabled');
      const [code, message] = TOKEN_ERRORS[error.code] ?? ['INVALID_TOKEN', 'The ID token is not valid'];
      throw unauthorized(code, message);
    }
    if (verified.kind !== 'operator') {
      throw forbidden('NOT_AN_OPERATOR', 'This API is for operators: sign in with an email and a password');
    }
    if (verified.orgId === null) {
      throw forbidden('NO_ORGANISATION', 'This account does not belong to an organisation');
    }
    operators.set(request, { uid: verified.uid, email: verified.email, orgId: verified.orgId });
  };
}

/** The operator authenticated for this request; only valid on routes behind operatorAuthentication. */
export function operatorOf(request: FastifyRequest): Operator {
  const operator = operators.get(request);
  if (operator === undefined)
    throw new Error(`${request.method} ${request.url} is not behind operatorAuthentication`);
  return operator;
}
