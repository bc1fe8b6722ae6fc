// Token signatures: a token verified once is not checked again while it lives, yet stays as strict: it still
// expires, a tampered copy is refused, and a token is only ever accepted for its own audience. A database made when
// keys were ES256 gets an HS256 key, and its ES256 tokens stay good until they expire.

import { SignJWT, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { expect, it } from 'vitest';
import { describeOnBothEngines } from '../../test/harness/databases';
import { testClock } from '../../test/harness/app';
import { SigningKeys, TokenError, type TokenAudience } from './signingKeys';

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TokenError);
  return (error as TokenError).reason;
}

describeOnBothEngines('SigningKeys', (database) => {
  async function signed(audience: TokenAudience = 'marquee-id') {
    const clock = testClock();
    const keys = new SigningKeys(database().db, clock);
    const now = Math.floor(clock() / 1000);
    const token = await keys.sign({}, { audience, subject: 'p1', issuedAt: now, expiresAt: now + 60 });
    return { clock, keys, token };
  }

  it('answers the same claims for a token verified again, until it expires', async () => {
    const { clock, keys, token } = await signed();
    const first = await keys.verify(token, 'marquee-id');
    expect(first).toMatchObject({ sub: 'p1' });
    clock.advance(59_000);
    expect(await keys.verify(token, 'marquee-id')).toEqual(first);
    clock.advance(1000);
    expect(await reasonOf(keys.verify(token, 'marquee-id'))).toBe('expired');
    expect(await reasonOf(keys.verify(token, 'marquee-id'))).toBe('expired');
  });

  it('refuses a tampered copy of a verified token and the token for another audience', async () => {
    const { keys, token } = await signed();
    await keys.verify(token, 'marquee-id');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await reasonOf(keys.verify(`${header}.${payload}.${flipped}`, 'marquee-id'))).toBe('invalid');
    expect(await reasonOf(keys.verify(token, 'marquee-api'))).toBe('invalid');
  });

  it('signs with a new HS256 key where the newest key is ES256, and still verifies what the ES256 key signed', async () => {
    const clock = testClock();
    const { db } = database();
    const now = Math.floor(clock() / 1000);
    const old = await generateKeyPair('ES256', { extractable: true });
    const oldKid = '0000000000000000000000000';
    await db
      .insertInto('signing_keys')
      .values({
        kid: oldKid,
        algorithm: 'ES256',
        private_jwk: JSON.stringify(await exportJWK(old.privateKey)),
        public_jwk: JSON.stringify({
          ...(await exportJWK(old.publicKey)),
          kid: oldKid,
          alg: 'ES256',
          use: 'sig',
        }),
        created_at: clock() + 1,
        retired_at: null,
      })
      .execute();
    const oldToken = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: oldKid, typ: 'JWT' })
      .setIssuer('marquee')
      .setAudience('marquee-id')
      .setSubject('p-old')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(old.privateKey);

    const keys = new SigningKeys(db, clock);
    const token = await keys.sign(
      {},
      { audience: 'marquee-id', subject: 'p1', issuedAt: now, expiresAt: now + 60 },
    );
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('HS256');
    expect(header.kid).not.toBe(oldKid);
    const stored = await db.selectFrom('signing_keys').select(['kid', 'algorithm', 'retired_at']).execute();
    expect(stored.find((row) => row.kid === oldKid)?.retired_at).not.toBeNull();
    expect(stored.find((row) => row.kid === header.kid)).toMatchObject({
      algorithm: 'HS256',
      retired_at: null,
    });
    expect(await keys.verify(oldToken, 'marquee-id')).toMatchObject({ sub: 'p-old' });
    expect(await new SigningKeys(db, clock).verify(token, 'marquee-id')).toMatchObject({ sub: 'p1' });
  });
});
