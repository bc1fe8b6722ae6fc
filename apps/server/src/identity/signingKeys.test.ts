// Token signatures: a token verified once is not checked again while it lives, yet stays as strict: it still
// expires, a tampered copy is refused, and a token is only ever accepted for its own audience. A token the node
// signed itself is not checked at its first use there either.

import crypto from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
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
  afterEach(() => {
    vi.restoreAllMocks();
  });

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

  it('accepts a token it signed without checking its signature, which another node checks', async () => {
    const checks = vi.spyOn(crypto, 'verify');
    const { clock, keys, token } = await signed();
    expect(await keys.verify(token, 'marquee-id')).toMatchObject({ sub: 'p1', aud: 'marquee-id', iss: 'marquee' });
    expect(checks).not.toHaveBeenCalled();
    expect(await reasonOf(keys.verify(token, 'marquee-api'))).toBe('invalid');
    expect(checks).toHaveBeenCalledTimes(1);
    const otherNode = new SigningKeys(database().db, clock);
    expect(await otherNode.verify(token, 'marquee-id')).toEqual(await keys.verify(token, 'marquee-id'));
    expect(checks).toHaveBeenCalledTimes(2);
    clock.advance(60_000);
    expect(await reasonOf(keys.verify(token, 'marquee-id'))).toBe('expired');
  });
});
