// The two tokens a player gets at registration and at every credentials rotation
// (docs/protocols/player-api.md §Credentials):
// - the API token: a JWT (sub = player id; org_id and screen_id once paired; gen = credential generation) sent
//   as Authorization on the player API;
// - the custom token (firebaseTokenV2): exchanged at the identity service for an ID token, uid = player id.
// Both carry the credential generation; a rotation bumps it, so every older token is refused at once.

import { TokenError, type SigningKeys } from './signingKeys';

/** Both tokens are kept by the player for as long as it stays registered: a year, renewed by every rotation. */
const PLAYER_TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;

export interface ApiTokenClaims {
  playerId: string;
  generation: number;
  orgId: string | null;
  screenId: string | null;
}

export interface CustomTokenClaims {
  playerId: string;
  generation: number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

function generationOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

export class PlayerTokens {
  constructor(
    private readonly keys: SigningKeys,
    private readonly clock: () => number,
  ) {}

  async createApiToken(claims: ApiTokenClaims): Promise<string> {
    const issuedAt = seconds(this.clock());
    return this.keys.sign(
      {
        gen: claims.generation,
        ...(claims.orgId === null ? {} : { org_id: claims.orgId }),
        ...(claims.screenId === null ? {} : { screen_id: claims.screenId }),
      },
      {
        audience: 'marquee-api',
        subject: claims.playerId,
        issuedAt,
        expiresAt: issuedAt + PLAYER_TOKEN_TTL_SECONDS,
      },
    );
  }

  /** The claims of a valid API token; a TokenError otherwise (signature, expiry, audience, claims). */
  async verifyApiToken(token: string): Promise<ApiTokenClaims> {
    const payload = await this.keys.verify(token, 'marquee-api');
    const generation = generationOf(payload.gen);
    if (generation === null || typeof payload.sub !== 'string') {
      throw new TokenError('invalid', 'invalid token claims');
    }
    return {
      playerId: payload.sub,
      generation,
      orgId: typeof payload.org_id === 'string' ? payload.org_id : null,
      screenId: typeof payload.screen_id === 'string' ? payload.screen_id : null,
    };
  }

  async createCustomToken(claims: CustomTokenClaims): Promise<string> {
    const issuedAt = seconds(this.clock());
    return this.keys.sign(
      { uid: claims.playerId, gen: claims.generation },
      {
        audience: 'marquee-custom',
        subject: claims.playerId,
        issuedAt,
        expiresAt: issuedAt + PLAYER_TOKEN_TTL_SECONDS,
      },
    );
  }

  async verifyCustomToken(token: string): Promise<CustomTokenClaims> {
    const payload = await this.keys.verify(token, 'marquee-custom');
    const generation = generationOf(payload.gen);
    if (generation === null || typeof payload.sub !== 'string') {
      throw new TokenError('invalid', 'invalid token claims');
    }
    return { playerId: payload.sub, generation };
  }
}
