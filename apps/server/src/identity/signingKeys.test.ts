// Token signatures: a token verified once is not checked again while it lives, yet stays as strict: it still
// expires, a tampered copy is refused, and a token is only ever accepted for its own audience.

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
});
