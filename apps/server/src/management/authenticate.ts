// Who is calling the management API: an operator, by the ID token the identity service gave at sign-in
// (`Authorization: Bearer <ID token>`; docs/security.md §Operators). The header is read here; the token is checked
// by the operator service, which also reads the operator's organisation, to which everything they reach is scoped.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';
import type { Operator, OperatorService } from '../operators/operatorService';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const operators = new WeakMap<FastifyRequest, Operator>();

/** An onRequest hook: rejects the request unless it carries a valid operator ID token (see operatorOf). */
export function operatorAuthentication(service: OperatorService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') {
      throw unauthorized('MISSING_AUTHORIZATION', 'Sign in first: send Authorization: Bearer <ID token>');
    }
    const match = BEARER.exec(header);
    if (match === null) {
      throw unauthorized('INVALID_AUTHORIZATION', 'The Authorization header must be "Bearer <ID token>"');
    }
    operators.set(request, await service.authenticate(match[1] as string, request.ip));
  };
}

/** The operator authenticated for this request; only valid on routes behind operatorAuthentication. */
export function operatorOf(request: FastifyRequest): Operator {
  const operator = operators.get(request);
  if (operator === undefined)
    throw new Error(`${request.method} ${request.url} is not behind operatorAuthentication`);
  return operator;
}
