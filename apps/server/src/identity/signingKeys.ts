// The keys that sign every token of the service (ID tokens, custom tokens, player API tokens): HS256 secrets kept
// in the database, so any node signs and verifies any token by the `kid` in its header (docs/protocols/identity.md
// §Tokens; why HMAC: tokenCheck.ts). The newest unretired key signs; rotate() makes a new one and retires the
// others, which keep verifying what they signed. A database whose newest key signs with another algorithm (ES256,
// before HS256) gets a new key at the first signature: its older tokens are still checked until they expire.

import {
  createPublicKey,
  createSecretKey,
  hash,
  randomBytes,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import type { Kysely } from 'kysely';
import { newId } from '../ids';
import type { Database } from '../db/schema';
import {
  SIGNING_ALGORITHM,
  TokenError,
  checkClaims,
  checkSignature,
  HS256_SECRET_BYTES,
  parseToken,
  type TokenAlgorithm,
} from './tokenCheck';

export { TokenError } from './tokenCheck';

const TOKEN_ISSUER = 'marquee';
/** How long a node keeps signing with the key it knows before looking for a newer one (after a rotation). */
const CURRENT_KEY_TTL_MS = 60_000;
const KID_PATTERN = /^[0-9a-v]{25}$/;
/** Tokens whose signature is remembered as checked (the oldest forgotten first): a fleet's worth. */
const VERIFIED_CACHE_SIZE = 65_536;

/** Audiences keep the token kinds apart: an ID token is never accepted as an API token, and so on. */
export type TokenAudience = 'marquee-id' | 'marquee-custom' | 'marquee-api';

export interface SignOptions {
  audience: TokenAudience;
  subject: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  /** Seconds since the epoch. */
  expiresAt: number;
}

interface CurrentKey {
  kid: string;
  algorithm: TokenAlgorithm;
  /** The HS256 secret. */
  secret: KeyObject;
  loadedAt: number;
}

export class SigningKeys {
  /** The key that checks each kid's tokens: the secret of an HS256 key, the public key of an ES256 one. */
  private readonly checkingKeys = new Map<string, Promise<KeyObject | null>>();
  private current: Promise<CurrentKey> | null = null;
  /**
   * Claims of tokens already verified, by the SHA-256 of audience and token text (the text itself, half a kilobyte,
   * would stay in memory for every screen). A signature checked once stays valid (keys are never withdrawn, only
   * retired), so a screen reconnecting with the token it has is not checked again: an ES256 check costs a tenth of
   * a millisecond, and after a network blip a whole fleet reconnects at once. The expiry is checked on every use.
   */
  private readonly verified = new Map<string, JWTPayload>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A token signed with the current key. */
  async sign(claims: JWTPayload, options: SignOptions): Promise<string> {
    const key = await this.currentKey();
    return new SignJWT(claims)
      .setProtectedHeader({ alg: key.algorithm, kid: key.kid, typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(options.audience)
      .setSubject(options.subject)
      .setIssuedAt(options.issuedAt)
      .setExpirationTime(options.expiresAt)
      .sign(key.secret);
  }

  /** The verified claims of `token`; a TokenError ('expired' or 'invalid') otherwise. */
  async verify(token: string, audience: TokenAudience): Promise<JWTPayload> {
    const cacheKey = hash('sha256', `${audience} ${token}`, 'base64url');
    const known = this.verified.get(cacheKey);
    if (known !== undefined) {
      // As jose judges it: expired from the second of `exp` on.
      if ((known.exp as number) <= Math.floor(this.clock() / 1000)) {
        this.verified.delete(cacheKey);
        throw new TokenError('expired', 'token expired');
      }
      return known;
    }
    const payload = await this.verifySignature(token, audience);
    // Only plain tokens: one not valid before some time would need that checked on every use too.
    if (payload.nbf === undefined && typeof payload.exp === 'number') {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        this.verified.delete(this.verified.keys().next().value as string);
      }
      this.verified.set(cacheKey, Object.freeze(payload));
    }
    return payload;
  }

  /** tokenCheck.ts: the header, the signature (on the thread pool) with the key its `kid` names, the claims. */
  private async verifySignature(token: string, audience: TokenAudience): Promise<JWTPayload> {
    const parsed = parseToken(token);
    const key = parsed.kid === null ? null : await this.checkingKey(parsed.kid);
    if (key === null) throw new TokenError('invalid', 'unknown signing key');
    if (!(await checkSignature(key, parsed))) throw new TokenError('invalid', 'invalid signature');
    return checkClaims(parsed, { issuer: TOKEN_ISSUER, audience, now: this.clock() });
  }

  /** Makes a new signing key and retires the others; returns its kid. */
  async rotate(): Promise<string> {
    const created = await this.createAndRetireOthers();
    this.current = Promise.resolve(created);
    return created.kid;
  }

  private async createAndRetireOthers(): Promise<CurrentKey> {
    const created = await this.createKey();
    await this.db
      .updateTable('signing_keys')
      .set({ retired_at: created.loadedAt })
      .where('kid', '!=', created.kid)
      .where('retired_at', 'is', null)
      .execute();
    return created;
  }

  /** Loads (or on first start creates) the signing key, so the first request does not pay for it. */
  async ensureKey(): Promise<string> {
    return (await this.currentKey()).kid;
  }

  private currentKey(): Promise<CurrentKey> {
    const now = this.clock();
    const cached = this.current;
    if (cached !== null) {
      return cached.then((key) => {
        if (now - key.loadedAt < CURRENT_KEY_TTL_MS || this.current !== cached) return key;
        this.current = null;
        return this.currentKey();
      });
    }
    const loading = this.loadCurrentKey().catch((error: unknown) => {
      if (this.current === loading) this.current = null;
      throw error;
    });
    this.current = loading;
    return loading;
  }

  private async loadCurrentKey(): Promise<CurrentKey> {
    const row = await this.db
      .selectFrom('signing_keys')
      .select(['kid', 'algorithm', 'private_jwk'])
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .executeTakeFirst();
    if (row === undefined) return this.createKey();
    // Several nodes may do this at once: each makes a key, the newest wins, and every one of them still verifies.
    if (row.algorithm !== SIGNING_ALGORITHM) return this.createAndRetireOthers();
    return {
      kid: row.kid,
      algorithm: SIGNING_ALGORITHM,
      secret: secretOf(row.private_jwk),
      loadedAt: this.clock(),
    };
  }

  private async createKey(): Promise<CurrentKey> {
    const now = this.clock();
    const kid = newId(now);
    const privateJwk = JSON.stringify({
      kty: 'oct',
      k: randomBytes(HS256_SECRET_BYTES).toString('base64url'),
    });
    await this.db
      .insertInto('signing_keys')
      .values({
        kid,
        algorithm: SIGNING_ALGORITHM,
        private_jwk: privateJwk,
        // A secret has no public half: the row says what the key is, without it.
        public_jwk: JSON.stringify({ kty: 'oct', kid, alg: SIGNING_ALGORITHM, use: 'sig' }),
        created_at: now,
        retired_at: null,
      })
      .execute();
    const secret = secretOf(privateJwk);
    this.checkingKeys.set(kid, Promise.resolve(secret));
    return { kid, algorithm: SIGNING_ALGORITHM, secret, loadedAt: now };
  }

  private checkingKey(kid: string): Promise<KeyObject | null> {
    if (!KID_PATTERN.test(kid)) return Promise.resolve(null);
    let key = this.checkingKeys.get(kid);
    if (key === undefined) {
      key = this.db
        .selectFrom('signing_keys')
        .select(['algorithm', 'public_jwk', 'private_jwk'])
        .where('kid', '=', kid)
        .executeTakeFirst()
        .then((row) => {
          if (row === undefined) return null;
          if (row.algorithm === 'HS256') return secretOf(row.private_jwk);
          return createPublicKey({ key: JSON.parse(row.public_jwk) as JsonWebKey, format: 'jwk' });
        });
      // Unknown kids are not remembered (a key made by another node may appear later); failures are retried.
      void key.then(
        (found) => {
          if (found === null) this.checkingKeys.delete(kid);
        },
        () => this.checkingKeys.delete(kid),
      );
      this.checkingKeys.set(kid, key);
    }
    return key;
  }
}

/** The secret of an HS256 key's stored JWK ({kty: 'oct', k}). */
function secretOf(privateJwk: string): KeyObject {
  const { k } = JSON.parse(privateJwk) as { k?: unknown };
  if (typeof k !== 'string') throw new Error('An HS256 signing key without its secret');
  return createSecretKey(Buffer.from(k, 'base64url'));
}
