// tokenCheck.ts against jose's jwtVerify, an implementation we did not write, with the options the service used to
// give it: for good tokens and for tokens broken in every way we could think of, both must agree on the claims, on
// "expired", or on "invalid".

import { KeyObject } from 'node:crypto';
import { SignJWT, errors, generateKeyPair, jwtVerify, type CryptoKey, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { TokenError, checkClaims, checkSignature, parseToken } from './tokenCheck';

const ISSUER = 'marquee';
const AUDIENCE = 'marquee-id';
const KID = '0123456789abcdefghijklmno';
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const nowSeconds = Math.floor(NOW / 1000);

let privateKey: CryptoKey;
let publicKey: CryptoKey;
let otherPrivateKey: CryptoKey;

beforeAll(async () => {
  ({ privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true }));
  ({ privateKey: otherPrivateKey } = await generateKeyPair('ES256'));
});

type Outcome = { claims: JWTPayload } | { error: 'expired' | 'invalid' };

async function byJose(token: string, now = NOW): Promise<Outcome> {
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['ES256'],
      currentDate: new Date(now),
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    return { claims: payload };
  } catch (error) {
    return { error: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

async function byTokenCheck(token: string, now = NOW): Promise<Outcome> {
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

/** A token of `claims` under `header`, signed with `key` over exactly the text it carries. */
async function signed(
  claims: unknown,
  header: Record<string, unknown> = { alg: 'ES256', kid: KID, typ: 'JWT' },
  key: CryptoKey = privateKey,
): Promise<string> {
  const input = `${b64(header)}.${b64(claims)}`;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    new TextEncoder().encode(input),
  );
  return `${input}.${Buffer.from(signature).toString('base64url')}`;
}

/** As signingKeys.ts signs, expiring at `exp`. */
const issued = ({ exp = nowSeconds + 3600 }: { exp?: number } = {}) =>
  new SignJWT({ firebase: { sign_in_provider: 'custom' } })
    .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject('p1')
    .setIssuedAt(nowSeconds - 60)
    .setExpirationTime(exp)
    .sign(privateKey);

const flip = (text: string, at: number) =>
  text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

const cases: [string, () => Promise<string>, number?][] = [
  ['a token as the service signs it', () => issued()],
  ['expiring in a second', () => issued({ exp: nowSeconds + 1 })],
  ['expired this very second', () => issued({ exp: nowSeconds })],
  ['expired an hour ago', () => issued({ exp: nowSeconds - 3600 })],
  ['checked a second before it expires', () => issued(), NOW + 3599_000],
  ['checked the second it expires', () => issued(), NOW + 3600_000],
  ['for another audience', () => signed({ ...goodClaims(), aud: 'marquee-api' })],
  ['for several audiences, ours among them', () => signed({ ...goodClaims(), aud: ['x', AUDIENCE] })],
  ['for several audiences, not ours', () => signed({ ...goodClaims(), aud: ['x', 'y'] })],
  ['from another issuer', () => signed({ ...goodClaims(), iss: 'someone' })],
  ['without an issuer', () => signed({ ...goodClaims(), iss: undefined })],
  ['without a subject', () => signed({ ...goodClaims(), sub: undefined })],
  ['without iat', () => signed({ ...goodClaims(), iat: undefined })],
  ['without exp', () => signed({ ...goodClaims(), exp: undefined })],
  ['with exp as text', () => signed({ ...goodClaims(), exp: String(nowSeconds + 3600) })],
  ['with iat as text', () => signed({ ...goodClaims(), iat: 'yesterday' })],
  ['not valid before an hour from now', () => signed({ ...goodClaims(), nbf: nowSeconds + 3600 })],
  ['valid since a minute ago', () => signed({ ...goodClaims(), nbf: nowSeconds - 60 })],
  ['with nbf as text', () => signed({ ...goodClaims(), nbf: 'now' })],
  ['expired and from another issuer', () => signed({ ...goodClaims(), iss: 'x', exp: nowSeconds - 1 })],
  ['claims that are an array', () => signed([goodClaims()])],
  ['claims that are not JSON', () => signed('{"sub":')],
  ['signed with another key', async () => signed(goodClaims(), undefined, otherPrivateKey)],
  [
    'expired and signed with another key',
    () => signed({ ...goodClaims(), exp: 1 }, undefined, otherPrivateKey),
  ],
  [
    'with its claims changed after signing',
    async () => {
      const [header, , signature] = (await issued()).split('.');
      return `${header}.${b64({ ...goodClaims(), sub: 'p2' })}.${signature}`;
    },
  ],
  ['with a signature bit changed', async () => flip(await issued(), (await issued()).length - 10)],
  ['with a signature cut short', async () => (await issued()).slice(0, -4)],
  ['without a signature', async () => (await issued()).replace(/\.[^.]*$/, '.')],
  ['with alg none', async () => `${b64({ alg: 'none', kid: KID })}.${b64(goodClaims())}.`],
  [
    'with alg none and a signature',
    async () => {
      const [, payload, signature] = (await issued()).split('.');
      return `${b64({ alg: 'none', kid: KID })}.${payload}.${signature}`;
    },
  ],
  ['claiming ES384', () => signed(goodClaims(), { alg: 'ES384', kid: KID })],
  ['claiming HS256', () => signed(goodClaims(), { alg: 'HS256', kid: KID })],
  ['without alg', () => signed(goodClaims(), { kid: KID })],
  ['with a header that is an array', () => signed(goodClaims(), ['ES256'] as never)],
  [
    'with an unknown critical parameter',
    () => signed(goodClaims(), { alg: 'ES256', kid: KID, crit: ['exp'], exp: 1 }),
  ],
  ['with two parts', async () => (await issued()).split('.').slice(0, 2).join('.')],
  ['with four parts', async () => `${await issued()}.x`],
  ['empty', async () => ''],
  ['of garbage', async () => 'not a token at all'],
];

describe('checking a token, as jose checks it', () => {
  it.each(cases)('%s', async (_name, make, now = NOW) => {
    const token = await make();
    const expected = await byJose(token, now);
    expect(await byTokenCheck(token, now)).toEqual(expected);
  });

  it('finds good tokens good and bad ones bad (the comparison above is not between two refusals)', async () => {
    expect(await byTokenCheck(await issued())).toMatchObject({ claims: { sub: 'p1' } });
    expect(await byTokenCheck(await issued({ exp: nowSeconds }))).toEqual({ error: 'expired' });
    expect(await byTokenCheck(await signed(goodClaims(), undefined, otherPrivateKey))).toEqual({
      error: 'invalid',
    });
  });

  it('names the key the header names, and none when it names none', async () => {
    expect(parseToken(await issued()).kid).toBe(KID);
    expect(parseToken(await signed(goodClaims(), { alg: 'ES256' })).kid).toBeNull();
  });
});
