import { decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeEach, expect, it } from 'vitest';
import { describeOnBothEngines } from '../../test/harness/databases';
import { insertOrg, insertPlayer } from '../../test/harness/fixtures';
import { testClock, type TestClock } from '../../test/harness/app';
import { IdentityError } from './identityErrors';
import { ID_TOKEN_TTL_SECONDS, IdentityService, MAX_REFRESH_TOKENS_PER_ACCOUNT } from './identityService';
import { PlayerTokens } from './playerTokens';
import { SigningKeys } from './signingKeys';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IdentityError);
  return (error as IdentityError).message;
}

describeOnBothEngines('IdentityService', (database) => {
  let clock: TestClock;
  let keys: SigningKeys;
  let tokens: PlayerTokens;
  let identity: IdentityService;

  beforeEach(() => {
    clock = testClock();
    keys = new SigningKeys(database().db, clock);
    tokens = new PlayerTokens(keys, clock);
    identity = new IdentityService({ db: database().db, keys, playerTokens: tokens, clock });
  });

  async function signedInPlayer(generation = 1) {
    const playerId = await insertPlayer(database().db, { credential_generation: generation });
    const bundle = await identity.signInWithCustomToken(
      await tokens.createCustomToken({ playerId, generation }),
    );
    return { playerId, bundle };
  }

  it('signs a player in with its custom token: ID token for uid = player id, account created once', async () => {
    const playerId = await insertPlayer(database().db);
    const customToken = await tokens.createCustomToken({ playerId, generation: 1 });
    const first = await identity.signInWithCustomToken(customToken);
    expect(first).toMatchObject({
      uid: playerId,
      kind: 'player',
      expiresIn: ID_TOKEN_TTL_SECONDS,
      isNewUser: true,
    });
    const claims = decodeJwt(first.idToken);
    const nowSeconds = clock() / 1000;
    expect(claims).toMatchObject({
      sub: playerId,
      user_id: playerId,
      player_id: playerId,
      aud: 'marquee-id',
      iat: nowSeconds,
      auth_time: nowSeconds,
      exp: nowSeconds + 3600,
      firebase: { sign_in_provider: 'custom' },
    });
    expect(decodeProtectedHeader(first.idToken)).toMatchObject({ alg: 'HS256', kid: await keys.ensureKey() });
    expect((await identity.signInWithCustomToken(customToken)).isNewUser).toBe(false);

    const verified = await identity.verifyIdToken(first.idToken);
    expect(verified).toEqual({
      uid: playerId,
      kind: 'player',
      provider: 'custom',
      playerId,
      orgId: null,
      role: null,
      email: null,
      issuedAt: nowSeconds,
      expiresAt: nowSeconds + 3600,
      authTime: nowSeconds,
    });
  });

  it('refuses custom tokens that are garbage, of another kind, from an older generation or of a gone player', async () => {
    const playerId = await insertPlayer(database().db, { credential_generation: 2 });
    expect(await codeOf(identity.signInWithCustomToken('not.a.jwt'))).toBe('INVALID_CUSTOM_TOKEN');
    expect(await codeOf(identity.signInWithCustomToken(''))).toBe('MISSING_CUSTOM_TOKEN');
    expect(await codeOf(identity.signInWithCustomToken(undefined))).toBe('MISSING_CUSTOM_TOKEN');
    const apiToken = await tokens.createApiToken({ playerId, generation: 2, orgId: null, screenId: null });
    expect(await codeOf(identity.signInWithCustomToken(apiToken))).toBe('INVALID_CUSTOM_TOKEN');
    const rotated = await tokens.createCustomToken({ playerId, generation: 1 });
    expect(await codeOf(identity.signInWithCustomToken(rotated))).toBe('INVALID_CUSTOM_TOKEN');
    const orphan = await tokens.createCustomToken({ playerId: 'gone', generation: 1 });
    expect(await codeOf(identity.signInWithCustomToken(orphan))).toBe('INVALID_CUSTOM_TOKEN');
  });

  it('refuses a blocked player (USER_DISABLED) at sign-in and at every verification', async () => {
    const { playerId, bundle } = await signedInPlayer();
    await database().db.updateTable('players').set({ blocked: 1 }).where('id', '=', playerId).execute();
    expect(await codeOf(identity.verifyIdToken(bundle.idToken))).toBe('USER_DISABLED');
    expect(await codeOf(identity.refresh(bundle.refreshToken))).toBe('USER_DISABLED');
    const customToken = await tokens.createCustomToken({ playerId, generation: 1 });
    expect(await codeOf(identity.signInWithCustomToken(customToken))).toBe('USER_DISABLED');
  });

  it('expires ID tokens after exactly one hour; a refresh gives a new one with the original auth_time', async () => {
    const { bundle } = await signedInPlayer();
    const signedInAt = clock() / 1000;
    clock.advance(3599_000);
    await expect(identity.verifyIdToken(bundle.idToken)).resolves.toMatchObject({ issuedAt: signedInAt });
    clock.advance(1000);
    expect(await codeOf(identity.verifyIdToken(bundle.idToken))).toBe('TOKEN_EXPIRED');
    const refreshed = await identity.refresh(bundle.refreshToken);
    expect(refreshed.refreshToken).toBe(bundle.refreshToken);
    await expect(identity.verifyIdToken(refreshed.idToken)).resolves.toMatchObject({
      issuedAt: signedInAt + 3600,
      authTime: signedInAt,
    });
    expect(await codeOf(identity.refresh('unknown'))).toBe('INVALID_REFRESH_TOKEN');
  });

  it('revocation refuses every earlier ID and refresh token at once, and new sign-ins work in the same second', async () => {
    const { playerId, bundle } = await signedInPlayer();
    clock.advance(400); // same second
    await identity.revokeTokens('player', playerId);
    expect(await codeOf(identity.verifyIdToken(bundle.idToken))).toBe('TOKEN_EXPIRED');
    expect(await codeOf(identity.refresh(bundle.refreshToken))).toBe('TOKEN_EXPIRED');
    const again = await identity.signInWithCustomToken(
      await tokens.createCustomToken({ playerId, generation: 1 }),
    );
    await expect(identity.verifyIdToken(again.idToken)).resolves.toMatchObject({ uid: playerId });
    await expect(identity.refresh(again.refreshToken)).resolves.toMatchObject({ uid: playerId });
    // A second revocation within the same second still refuses what was issued in between.
    await identity.revokeTokens('player', playerId);
    expect(await codeOf(identity.verifyIdToken(again.idToken))).toBe('TOKEN_EXPIRED');
    const lookup = await identity.lookup(
      (await identity.signInWithCustomToken(await tokens.createCustomToken({ playerId, generation: 1 })))
        .idToken,
    );
    expect(Number(lookup.validSince)).toBe(Math.floor(clock() / 1000) + 2);
  });

  it('disabling an account refuses its tokens on the next verification; enabling it again restores them', async () => {
    const { playerId, bundle } = await signedInPlayer();
    await identity.setDisabled('player', playerId, true);
    expect(await codeOf(identity.verifyIdToken(bundle.idToken))).toBe('USER_DISABLED');
    await identity.setDisabled('player', playerId, false);
    await expect(identity.verifyIdToken(bundle.idToken)).resolves.toMatchObject({ uid: playerId });
  });

  it('deleting an account refuses its tokens; a player signing in again gets a new account', async () => {
    const { playerId, bundle } = await signedInPlayer();
    await identity.deleteAccountOf(bundle.idToken);
    expect(await codeOf(identity.verifyIdToken(bundle.idToken))).toBe('USER_NOT_FOUND');
    expect(await codeOf(identity.refresh(bundle.refreshToken))).toBe('INVALID_REFRESH_TOKEN');
    const again = await identity.signInWithCustomToken(
      await tokens.createCustomToken({ playerId, generation: 1 }),
    );
    expect(again.isNewUser).toBe(true);
  });

  it('a hard-reset player (row deleted) is USER_NOT_FOUND', async () => {
    const { playerId, bundle } = await signedInPlayer();
    await database().db.deleteFrom('players').where('id', '=', playerId).execute();
    expect(await codeOf(identity.verifyIdToken(bundle.idToken))).toBe('USER_NOT_FOUND');
  });

  it('keeps at most MAX_REFRESH_TOKENS_PER_ACCOUNT refresh tokens per account, dropping the oldest', async () => {
    const { playerId, bundle: oldest } = await signedInPlayer();
    const customToken = await tokens.createCustomToken({ playerId, generation: 1 });
    let newest = oldest;
    for (let i = 0; i < MAX_REFRESH_TOKENS_PER_ACCOUNT; i++) {
      clock.advance(1);
      newest = await identity.signInWithCustomToken(customToken);
    }
    const rows = await database()
      .db.selectFrom('refresh_tokens')
      .select('id')
      .where('uid', '=', playerId)
      .execute();
    expect(rows).toHaveLength(MAX_REFRESH_TOKENS_PER_ACCOUNT);
    expect(await codeOf(identity.refresh(oldest.refreshToken))).toBe('INVALID_REFRESH_TOKEN');
    await expect(identity.refresh(newest.refreshToken)).resolves.toMatchObject({ uid: playerId });
  });

  it('signs operators up and in; their tokens carry the organisation as stored', async () => {
    const orgId = await insertOrg(database().db);
    const email = `Op.${orgId}@Example.com`;
    const created = await identity.signUp(email, 'secret1', orgId);
    expect(created).toMatchObject({ kind: 'operator', isNewUser: true, email: email.toLowerCase() });
    expect(decodeJwt(created.idToken)).toMatchObject({
      org_id: orgId,
      email: email.toLowerCase(),
      firebase: { sign_in_provider: 'password' },
    });
    const signedIn = await identity.signInWithPassword(`  ${email.toUpperCase()} `, 'secret1');
    await expect(identity.verifyIdToken(signedIn.idToken)).resolves.toMatchObject({
      uid: created.uid,
      kind: 'operator',
      provider: 'password',
      orgId,
      playerId: null,
      email: email.toLowerCase(),
    });
    expect(await codeOf(identity.signUp(email.toUpperCase(), 'another1'))).toBe('EMAIL_EXISTS');
    expect(await codeOf(identity.signInWithPassword(email, 'secret2'))).toBe('INVALID_LOGIN_CREDENTIALS');
    expect(await codeOf(identity.signInWithPassword(`nobody.${orgId}@example.com`, 'secret1'))).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
    await identity.setDisabled('operator', created.uid, true);
    expect(await codeOf(identity.signInWithPassword(email, 'secret1'))).toBe('USER_DISABLED');
    expect(await codeOf(identity.verifyIdToken(signedIn.idToken))).toBe('USER_DISABLED');
  });

  it('enforces the password policy at sign-up: 5 characters are too few, 6 are enough', async () => {
    expect(await codeOf(identity.signUp('five@example.com', '12345'))).toBe(
      'WEAK_PASSWORD : The password needs at least 6 characters.',
    );
    await expect(identity.signUp('six@example.com', '123456')).resolves.toMatchObject({ kind: 'operator' });
    expect(await codeOf(identity.signUp('not-an-email', '123456'))).toBe('INVALID_EMAIL');
    expect(await codeOf(identity.signUp('', '123456'))).toBe('MISSING_EMAIL');
    expect(await codeOf(identity.signUp('x@example.com', ''))).toBe('MISSING_PASSWORD');
  });

  it('tokens signed before a key rotation still verify, on another node too; new ones use the new key', async () => {
    const { bundle } = await signedInPlayer();
    const oldKid = decodeProtectedHeader(bundle.idToken).kid;
    const newKid = await keys.rotate();
    expect(newKid).not.toBe(oldKid);
    const otherNode = new SigningKeys(database().db, clock);
    const otherIdentity = new IdentityService({
      db: database().db,
      keys: otherNode,
      playerTokens: new PlayerTokens(otherNode, clock),
      clock,
    });
    await expect(otherIdentity.verifyIdToken(bundle.idToken)).resolves.toMatchObject({ kind: 'player' });
    const refreshed = await identity.refresh(bundle.refreshToken);
    expect(decodeProtectedHeader(refreshed.idToken).kid).toBe(newKid);
    await expect(otherIdentity.verifyIdToken(refreshed.idToken)).resolves.toMatchObject({ kind: 'player' });
    expect(await otherNode.ensureKey()).toBe(newKid);
  });

  it('refuses tampered tokens and tokens of another kind as ID tokens', async () => {
    const { playerId, bundle } = await signedInPlayer();
    const [header, payload, signature] = bundle.idToken.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(bundle.idToken), sub: 'someone-else' }),
    ).toString('base64url');
    expect(await codeOf(identity.verifyIdToken(`${header}.${forged}.${signature}`))).toBe('INVALID_ID_TOKEN');
    expect(await codeOf(identity.verifyIdToken(`${header}.${payload}.${signature.slice(0, -4)}AAAA`))).toBe(
      'INVALID_ID_TOKEN',
    );
    const apiToken = await tokens.createApiToken({ playerId, generation: 1, orgId: null, screenId: null });
    expect(await codeOf(identity.verifyIdToken(apiToken))).toBe('INVALID_ID_TOKEN');
    expect(await codeOf(identity.verifyIdToken(42))).toBe('INVALID_ID_TOKEN');
  });
});
