// Reading player credentials from the Authorization header. Player clients send the API token (or, for credentials
// rotation, the secret) as the bare header value (docs/protocols/player-api.md §Authentication); 'Bearer <token>'
// is accepted as well.

import type { FastifyRequest } from 'fastify';

const BEARER = /^bearer\s+/i;

/** The credential in the Authorization header, without a 'Bearer ' prefix; null when absent or blank. */
export function credentialOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const value = header.trim().replace(BEARER, '').trim();
  return value === '' ? null : value;
}
