// Who is calling the management API: an operator, by the ID token the identity service gave at sign-in
// (`Authorization: Bearer <ID token>`; docs/security.md §Operators), or an integration by one of the organisation's
// API keys (`Authorization: Bearer mq_…`; docs/teams.md §API keys). The header is read here; an ID token is checked
// by the operator service, which also reads the operator's organisation, to which everything they reach is scoped;
// a key by the API key service, which reads the key's organisation and role.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyAuthenticator } from '../apiKeys/apiKeyService';
import { looksLikeApiKey } from '../apiKeys/apiKeySecret';
import { unauthorized } from '../http/errors';
import type { Operator, OperatorService } from '../operators/operatorService';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const operators = new WeakMap<FastifyRequest, Operator>();

/**
 * An onRequest hook: rejects the request unless it carries a valid operator ID token or API key (see operatorOf).
 */
export function operatorAuthentication(service: OperatorService, apiKeys: ApiKeyAuthenticator) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') {
      throw unauthorized('MISSING_AUTHORIZATION', 'Sign in first: send Authorization: Bearer <ID token>');
    }
    const match = BEARER.exec(header);
    if (match === null) {
      throw unauthorized('INVALID_AUTHORIZATION', 'The Authorization header must be "Bearer <ID token>"');
    }
    const token = match[1] as string;
    // An ID token is a JWT, which starts with "eyJ" (its JSON header): the key's prefix tells the two apart.
    const operator = looksLikeApiKey(token)
      ? await apiKeys.authenticate(token, request.ip)
      : await service.authenticate(token, request.ip);
    operators.set(request, operator);
  };
}

/** The operator authenticated for this request; only valid on routes behind operatorAuthentication. */
export function operatorOf(request: FastifyRequest): Operator {
  const operator = operators.get(request);
  if (operator === undefined)
    throw new Error(`${request.method} ${request.url} is not behind operatorAuthentication`);
  return operator;
}
