// Checking one of the service's own tokens: a compact JWS signed with ES256 (signingKeys.ts signs them with jose).
// The signature is checked by node:crypto's verify with a callback, which runs on libuv's thread pool: jose checks
// with WebCrypto, whose ECDSA check ran on the event loop (about 70 µs a token), and a fleet reconnecting after a
// restart brings tens of thousands of new tokens at once. The rules are jose's jwtVerify's with the options
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

/** The algorithm of every token of the service. */
export const TOKEN_ALGORITHM = 'ES256';

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A token split into what its check needs; its signature not checked yet. */
export interface ParsedToken {
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

/** The token's parts, once its header says ES256; TokenError('invalid') otherwise. */
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
  if (fields.alg !== TOKEN_ALGORITHM) throw invalid(`the algorithm is not ${TOKEN_ALGORITHM}`);
  return {
    kid: typeof fields.kid === 'string' ? fields.kid : null,
    signingInput: Buffer.from(`${header}.${payload}`, 'latin1'),
    signature: Buffer.from(signature, 'base64url'),
    payload,
  };
}

/** Whether `key` signed the token, checked on the thread pool. */
export function checkSignature(key: KeyObject, token: ParsedToken): Promise<boolean> {
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
export function claimsOf(token: ParsedToken): Record<string, unknown> {
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
