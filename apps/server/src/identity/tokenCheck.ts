// Checking one of the service's own tokens: a compact JWS, HS256 (signingKeys.ts signs them with jose; keys made
// before HS256 sign ES256, and their tokens are still checked). The service is the only party that checks its
// tokens, so a secret shared by its nodes (in the database, where the ES256 private keys were) does what a key pair
// did, at a few microseconds to sign and to check: an ES256 check costs about 97 µs of CPU, an RS256 check 28 µs but
// its signature 0.7 ms, and a fleet connecting after a restart brings tens of thousands of tokens to check at once
// (after a long outage, as many to make). An HMAC is checked on the event loop (5 µs); an ES256 signature by
// node:crypto's verify with a callback, on libuv's thread pool. The rules are jose's jwtVerify's with the options
// signingKeys.ts gave it (tokenCheck.test.ts compares the two on good and bad tokens), in the same order: the
// header, then the signature, then the claims. Stricter than jose in two places only: a token with a `crit` header
// is refused, and so is a segment with characters outside base64url.

import crypto, { type KeyObject } from 'node:crypto';
import type { JWTPayload } from 'jose';

export class TokenError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

/** The algorithms of the service's tokens: every new key signs with the first. */
export const TOKEN_ALGORITHMS = ['HS256', 'ES256'] as const;
export type TokenAlgorithm = (typeof TOKEN_ALGORITHMS)[number];
/** What the signing keys made from now on sign with. */
export const SIGNING_ALGORITHM: TokenAlgorithm = TOKEN_ALGORITHMS[0];

const isTokenAlgorithm = (value: unknown): value is TokenAlgorithm =>
  (TOKEN_ALGORITHMS as readonly unknown[]).includes(value);

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A token split into what its check needs; its signature not checked yet. */
export interface ParsedToken {
  alg: TokenAlgorithm;
  /** The `kid` of its header, when it is a string. */
  kid: string | null;
  signingInput: Buffer;
  signature: Buffer;
  payload: string;
}

export interface ClaimRules {
  issuer: string;
  audience: string;
  /** Epoch milliseconds. */
  now: number;
}

const invalid = (message: string) => new TokenError('invalid', message);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decodeJson(segment: string, what: string): unknown {
  try {
    return JSON.parse(strictUtf8.decode(Buffer.from(segment, 'base64url')));
  } catch {
    throw invalid(`${what} is not JSON`);
  }
}

/** The token's parts, once its header names one of TOKEN_ALGORITHMS; TokenError('invalid') otherwise. */
export function parseToken(token: unknown): ParsedToken {
  if (typeof token !== 'string') throw invalid('a token is a string');
  const parts = token.split('.');
  if (parts.length !== 3) throw invalid('a token has three parts');
  const [header, payload, signature] = parts as [string, string, string];
  if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature)) {
    throw invalid('a token part is not base64url');
  }
  const fields = decodeJson(header, 'the header');
  if (!isObject(fields)) throw invalid('the header is not an object');
  if ('crit' in fields) throw invalid('no critical header parameter is understood');
  if (!isTokenAlgorithm(fields.alg))
    throw invalid(`the algorithm is not one of ${TOKEN_ALGORITHMS.join(', ')}`);
  return {
    alg: fields.alg,
    kid: typeof fields.kid === 'string' ? fields.kid : null,
    signingInput: Buffer.from(`${header}.${payload}`, 'latin1'),
    signature: Buffer.from(signature, 'base64url'),
    payload,
  };
}

/** Whether `key` is one the token's algorithm signs with: a secret never checks an ES256 token, nor an EC key an HS256 one. */
function fitsAlgorithm(key: KeyObject, alg: TokenAlgorithm): boolean {
  if (alg === 'HS256') return key.type === 'secret' && (key.symmetricKeySize ?? 0) >= HS256_SECRET_BYTES;
  return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
}

/** An HS256 secret's bytes, the shortest accepted and what new keys get: as long as the hash (RFC 7518, section 3.2). */
export const HS256_SECRET_BYTES = 32;

/** Whether `key` signed the token: an HMAC at once, an ES256 signature on the thread pool. */
export function checkSignature(key: KeyObject, token: ParsedToken): Promise<boolean> {
  if (!fitsAlgorithm(key, token.alg)) return Promise.resolve(false);
  if (token.alg === 'HS256') {
    const mac = crypto.createHmac('sha256', key).update(token.signingInput).digest();
    return Promise.resolve(
      mac.length === token.signature.length && crypto.timingSafeEqual(mac, token.signature),
    );
  }
  return new Promise((resolve) => {
    try {
      crypto.verify(
        'sha256',
        token.signingInput,
        { key, dsaEncoding: 'ieee-p1363' },
        token.signature,
        (error, valid) => resolve(error === null && valid),
      );
    } catch {
      resolve(false);
    }
  });
}

/** The token's claims, as an object; TokenError('invalid') when they are not one. Nothing of them checked. */
function claimsOf(token: ParsedToken): Record<string, unknown> {
  const claims = decodeJson(token.payload, 'the claims');
  if (!isObject(claims)) throw invalid('the claims are not an object');
  return claims;
}

/**
 * The claims of a token whose signature was checked: TokenError('expired') from the second of `exp` on,
 * ('invalid') when a claim is missing (iss, aud, sub, iat, exp), of the wrong type or not the expected one.
 */
export function checkClaims(token: ParsedToken, rules: ClaimRules): JWTPayload {
  const claims = claimsOf(token);
  for (const claim of ['iss', 'aud', 'exp', 'iat', 'sub']) {
    if (!Object.hasOwn(claims, claim)) throw invalid(`the "${claim}" claim is missing`);
  }
  if (claims.iss !== rules.issuer) throw invalid('unexpected "iss" claim');
  const audience = claims.aud;
  const audienceFits =
    typeof audience === 'string'
      ? audience === rules.audience
      : Array.isArray(audience) && audience.includes(rules.audience);
  if (!audienceFits) throw invalid('unexpected "aud" claim');
  const now = Math.floor(rules.now / 1000);
  if (typeof claims.iat !== 'number') throw invalid('the "iat" claim is not a number');
  if (claims.nbf !== undefined) {
    if (typeof claims.nbf !== 'number') throw invalid('the "nbf" claim is not a number');
    if (claims.nbf > now) throw invalid('the token is not valid yet');
  }
  if (typeof claims.exp !== 'number') throw invalid('the "exp" claim is not a number');
  if (claims.exp <= now) throw new TokenError('expired', 'token expired');
  return claims as JWTPayload;
}
