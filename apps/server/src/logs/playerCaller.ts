// Who is calling the ingest routes: a player, by its API token (the same credential as the player API). Routes
// without a player id in the path take it from the token; the player service then checks the token is current.

import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Player } from '../db/schema';
import { credentialOf } from '../http/authorization';
import { unauthorized } from '../http/errors';
import { TokenError } from '../identity/signingKeys';
import type { AppServices } from '../services';

export async function authenticatePlayer(
  services: Pick<AppServices, 'playerTokens' | 'players'>,
  request: FastifyRequest,
  playerId?: string,
): Promise<Player> {
  const token = credentialOf(request);
  if (token === null) {
    throw unauthorized('MISSING_AUTHORIZATION', "The Authorization header must carry the player's API token");
  }
  let id = playerId;
  if (id === undefined) {
    try {
      id = (await services.playerTokens.verifyApiToken(token)).playerId;
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      throw error.reason === 'expired'
        ? unauthorized('TOKEN_EXPIRED', 'The API token has expired')
        : unauthorized('INVALID_TOKEN', 'The API token is not valid');
    }
  }
  return services.players.authenticate(token, id);
}

/** Rate-limit key of player calls: the presented credential (hashed, never kept), else the address. */
export function playerRateLimitKey(request: FastifyRequest): string {
  const credential = credentialOf(request);
  return credential === null
    ? `ip:${request.ip}`
    : `token:${createHash('sha256').update(credential).digest('hex')}`;
}
