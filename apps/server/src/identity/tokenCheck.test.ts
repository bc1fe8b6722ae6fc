// tokenCheck.ts against jose's jwtVerify, an implementation we did not write, with the options the service used to
// give it: for good tokens and for tokens broken in every way we could think of, both must agree on the claims, on
// "expired", or on "invalid". For both algorithms the service accepts: HS256 (every key made now) and ES256 (keys
// made before), and for a token of one algorithm checked with a key of the other.

import { KeyObject } from 'node:crypto';
import {
  SignJWT,
  errors,
  generateKeyPair,
  generateSecret,
  jwtVerify,
  type CryptoKey,
  type JWTPayload,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TOKEN_ALGORITHMS,
  TokenError,
  checkClaims,
  checkSignature,
  parseToken,
  type TokenAlgorithm,
} from './tokenCheck';

const ISSUER = 'marquee';
const AUDIENCE = 'marquee-id';
const KID = '0123456789abcdefghijklmno';
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const nowSeconds = Math.floor(NOW / 1000);

/** WebCrypto's parameters of each algorithm's signature. */
const SUBTLE_SIGN = {
  HS256: { name: 'HMAC' },
  ES256: { name: 'ECDSA', hash: 'SHA-256' },
} as const;

interface KeySet {
  /** What signs: the secret of HS256, the private key of ES256. */
  privateKey: CryptoKey;
  /** What checks: the same secret, or the public key. */
  publicKey: CryptoKey;
  otherPrivateKey: CryptoKey;
}

/** The keys of `alg`: a secret for HS256 (it signs and checks), a key pair for ES256. */
async function keySet(alg: TokenAlgorithm): Promise<KeySet> {
  if (alg === 'HS256') {
    const secret = await generateSecret(alg, { extractable: true });
    return { privateKey: secret, publicKey: secret, otherPrivateKey: await generateSecret(alg) };
  }
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey, publicKey, otherPrivateKey: (await generateKeyPair(alg)).privateKey };
}

/** The service's other algorithm. */
const otherThan = (alg: TokenAlgorithm): TokenAlgorithm => (alg === 'HS256' ? 'ES256' : 'HS256');

const keys = {} as Record<TokenAlgorithm, KeySet>;

beforeAll(async () => {
  for (const alg of TOKEN_ALGORITHMS) keys[alg] = await keySet(alg);
});

type Outcome = { claims: JWTPayload } | { error: 'expired' | 'invalid' };

async function byJose(token: string, publicKey: CryptoKey, now = NOW): Promise<Outcome> {
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: [...TOKEN_ALGORITHMS],
      currentDate: new Date(now),
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    return { claims: payload };
  } catch (error) {
    return { error: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

async function byTokenCheck(token: string, publicKey: CryptoKey, now = NOW): Promise<Outcome> {
  try {
    const parsed = parseToken(token);
    if (!(await checkSignature(KeyObject.from(publicKey), parsed))) return { error: 'invalid' };
    return { claims: checkClaims(parsed, { issuer: ISSUER, audience: AUDIENCE, now }) };
  } catch (error) {
    if (error instanceof TokenError) return { error: error.reason };
    throw error;
  }
}

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

const goodClaims = () => ({
  sub: 'p1',
  iat: nowSeconds - 60,
  exp: nowSeconds + 3600,
  iss: ISSUER,
  aud: AUDIENCE,
});

/** A token of `claims` under `header`, signed with `key` (an `alg` key) over exactly the text it carries. */
async function signed(
  alg: TokenAlgorithm,
  claims: unknown,
  header: unknown = { alg, kid: KID, typ: 'JWT' },
  key: CryptoKey = keys[alg].privateKey,
): Promise<string> {
  const input = `${b64(header)}.${b64(claims)}`;
  const signature = await crypto.subtle.sign(SUBTLE_SIGN[alg], key, new TextEncoder().encode(input));
  return `${input}.${Buffer.from(signature).toString('base64url')}`;
}

/** As signingKeys.ts signs, expiring at `exp`. */
const issued = (alg: TokenAlgorithm, { exp = nowSeconds + 3600 }: { exp?: number } = {}) =>
  new SignJWT({ firebase: { sign_in_provider: 'custom' } })
    .setProtectedHeader({ alg, kid: KID, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject('p1')
    .setIssuedAt(nowSeconds - 60)
    .setExpirationTime(exp)
    .sign(keys[alg].privateKey);

const flip = (text: string, at: number) =>
  text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

const casesFor = (alg: TokenAlgorithm): [string, () => Promise<string>, number?][] => [
  ['a token as the service signs it', () => issued(alg)],
  ['expiring in a second', () => issued(alg, { exp: nowSeconds + 1 })],
  ['expired this very second', () => issued(alg, { exp: nowSeconds })],
  ['expired an hour ago', () => issued(alg, { exp: nowSeconds - 3600 })],
  ['checked a second before it expires', () => issued(alg), NOW + 3599_000],
  ['checked the second it expires', () => issued(alg), NOW + 3600_000],
  ['for another audience', () => signed(alg, { ...goodClaims(), aud: 'marquee-api' })],
  ['for several audiences, ours among them', () => signed(alg, { ...goodClaims(), aud: ['x', AUDIENCE] })],
  ['for several audiences, not ours', () => signed(alg, { ...goodClaims(), aud: ['x', 'y'] })],
  ['from another issuer', () => signed(alg, { ...goodClaims(), iss: 'someone' })],
  ['without an issuer', () => signed(alg, { ...goodClaims(), iss: undefined })],
  ['without a subject', () => signed(alg, { ...goodClaims(), sub: undefined })],
  ['without iat', () => signed(alg, { ...goodClaims(), iat: undefined })],
  ['without exp', () => signed(alg, { ...goodClaims(), exp: undefined })],
  ['with exp as text', () => signed(alg, { ...goodClaims(), exp: String(nowSeconds + 3600) })],
  ['with iat as text', () => signed(alg, { ...goodClaims(), iat: 'yesterday' })],
  ['not valid before an hour from now', () => signed(alg, { ...goodClaims(), nbf: nowSeconds + 3600 })],
  ['valid since a minute ago', () => signed(alg, { ...goodClaims(), nbf: nowSeconds - 60 })],
  ['with nbf as text', () => signed(alg, { ...goodClaims(), nbf: 'now' })],
  ['expired and from another issuer', () => signed(alg, { ...goodClaims(), iss: 'x', exp: nowSeconds - 1 })],
  ['claims that are an array', () => signed(alg, [goodClaims()])],
  ['claims that are not JSON', () => signed(alg, '{"sub":')],
  ['signed with another key', async () => signed(alg, goodClaims(), undefined, keys[alg].otherPrivateKey)],
  [
    'expired and signed with another key',
    () => signed(alg, { ...goodClaims(), exp: 1 }, undefined, keys[alg].otherPrivateKey),
  ],
  [
    'with its claims changed after signing',
    async () => {
      const [header, , signature] = (await issued(alg)).split('.');
      return `${header}.${b64({ ...goodClaims(), sub: 'p2' })}.${signature}`;
    },
  ],
  ['with a signature bit changed', async () => flip(await issued(alg), (await issued(alg)).length - 10)],
  ['with a signature cut short', async () => (await issued(alg)).slice(0, -4)],
  ['without a signature', async () => (await issued(alg)).replace(/\.[^.]*$/, '.')],
  ['with alg none', async () => `${b64({ alg: 'none', kid: KID })}.${b64(goodClaims())}.`],
  [
    'with alg none and a signature',
    async () => {
      const [, payload, signature] = (await issued(alg)).split('.');
      return `${b64({ alg: 'none', kid: KID })}.${payload}.${signature}`;
    },
  ],
  ['claiming ES384', () => signed(alg, goodClaims(), { alg: 'ES384', kid: KID })],
  ['claiming RS256', () => signed(alg, goodClaims(), { alg: 'RS256', kid: KID })],
  ['claiming HS512', () => signed(alg, goodClaims(), { alg: 'HS512', kid: KID })],
  ['without alg', () => signed(alg, goodClaims(), { kid: KID })],
  ['with a header that is an array', () => signed(alg, goodClaims(), [alg])],
  [
    'with an unknown critical parameter',
    () => signed(alg, goodClaims(), { alg, kid: KID, crit: ['exp'], exp: 1 }),
  ],
  ['with two parts', async () => (await issued(alg)).split('.').slice(0, 2).join('.')],
  ['with four parts', async () => `${await issued(alg)}.x`],
  ['empty', async () => ''],
  ['of garbage', async () => 'not a token at all'],
  [
    "claiming the other algorithm over this one's signature",
    () => signed(alg, goodClaims(), { alg: otherThan(alg), kid: KID }),
  ],
  ['of the other algorithm, signed with its own key', async () => issued(otherThan(alg))],
];

describe.each(TOKEN_ALGORITHMS)('checking a token against a key of %s, as jose checks it', (alg) => {
  it.each(casesFor(alg))('%s', async (_name, make, now = NOW) => {
    const token = await make();
    const expected = await byJose(token, keys[alg].publicKey, now);
    expect(await byTokenCheck(token, keys[alg].publicKey, now)).toEqual(expected);
  });

  it('finds good tokens good and bad ones bad (the comparison above is not between two refusals)', async () => {
    const { publicKey, otherPrivateKey } = keys[alg];
    expect(await byTokenCheck(await issued(alg), publicKey)).toMatchObject({ claims: { sub: 'p1' } });
    expect(await byTokenCheck(await issued(alg, { exp: nowSeconds }), publicKey)).toEqual({
      error: 'expired',
    });
    expect(
      await byTokenCheck(await signed(alg, goodClaims(), undefined, otherPrivateKey), publicKey),
    ).toEqual({
      error: 'invalid',
    });
    expect(await byTokenCheck(await issued(otherThan(alg)), publicKey)).toEqual({ error: 'invalid' });
  });

  it('names the key the header names, and none when it names none', async () => {
    expect(parseToken(await issued(alg)).kid).toBe(KID);
    expect(parseToken(await signed(alg, goodClaims(), { alg })).kid).toBeNull();
  });
});

it('refuses an HS256 token whose secret is an ES256 public key (the classic algorithm confusion), as jose does', async () => {
  const { publicKey } = keys.ES256;
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', publicKey));
  const secret = await crypto.subtle.importKey('raw', spki, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const token = await signed('HS256', goodClaims(), undefined, secret);
  expect(await byJose(token, publicKey)).toEqual({ error: 'invalid' });
  expect(await byTokenCheck(token, publicKey)).toEqual({ error: 'invalid' });
});
