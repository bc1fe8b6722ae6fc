// The identity service (DESIGN.md §4): accounts of players (signed in with a custom token, uid = player id) and
// of operators (email and password), short-lived ID tokens, refresh tokens, revocation. verifyIdToken is what every
// other part of the server uses to authenticate a caller; it checks the signature and expiry, and then, on every
// call, that the account still exists, is not disabled, and was not revoked after the token was issued.

import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DEFAULT_PASSWORD_POLICY,
  checkPassword,
  describeUnmetRequirements,
  type PasswordPolicy,
} from '@marquee/protocol';
import { isUniqueViolation } from '../db/database';
import type { AccountKind, Database } from '../db/schema';
import { newId, randomToken } from '../ids';
import { IdentityError } from './identityErrors';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwordHash';
import type { PlayerTokens } from './playerTokens';
import { TokenError, type SigningKeys } from './signingKeys';

/** Lifetime of an ID token. */
export const ID_TOKEN_TTL_SECONDS = 3600;
/** Refresh tokens kept per account (each sign-in makes one); the oldest go first. */
export const MAX_REFRESH_TOKENS_PER_ACCOUNT = 20;
export const MAX_EMAIL_LENGTH = 254;
/** Longest password accepted at all (hashing cost), whatever the policy says. */
export const MAX_PASSWORD_LENGTH = 4096;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SignInProvider = 'custom' | 'password';
const PROVIDER_OF: Record<AccountKind, SignInProvider> = { player: 'custom', operator: 'password' };

/** Who presented a valid ID token. */
export interface VerifiedIdentity {
  uid: string;
  kind: AccountKind;
  provider: SignInProvider;
  /** The player id, for a player's token. */
  playerId: string | null;
  /** The operator's organisation as stored now (null for players and operators without one). */
  orgId: string | null;
  email: string | null;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  authTime: number;
}

export interface TokenBundle {
  uid: string;
  kind: AccountKind;
  idToken: string;
  refreshToken: string;
  /** Seconds the ID token is valid for. */
  expiresIn: number;
  isNewUser: boolean;
  email: string | null;
}

export interface AccountInfo {
  localId: string;
  email?: string;
  emailVerified: boolean;
  disabled: boolean;
  /** Seconds since the epoch, as a string: tokens issued before are revoked. */
  validSince: string;
  /** Milliseconds since the epoch, as strings. */
  createdAt: string;
  lastLoginAt?: string;
}

interface Account {
  uid: string;
  kind: AccountKind;
  email: string | null;
  orgId: string | null;
  disabled: boolean;
  validSince: number;
  createdAt: number;
  lastLoginAt: number | null;
}

export interface IdentityServiceOptions {
  db: Kysely<Database>;
  keys: SigningKeys;
  playerTokens: PlayerTokens;
  clock: () => number;
  passwordPolicy?: PasswordPolicy;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class IdentityService {
  readonly passwordPolicy: PasswordPolicy;
  private readonly db: Kysely<Database>;
  private readonly keys: SigningKeys;
  private readonly playerTokens: PlayerTokens;
  private readonly clock: () => number;

  constructor(options: IdentityServiceOptions) {
    this.db = options.db;
    this.keys = options.keys;
    this.playerTokens = options.playerTokens;
    this.clock = options.clock;
    this.passwordPolicy = options.passwordPolicy ?? { ...DEFAULT_PASSWORD_POLICY };
  }

  private nowSeconds(): number {
    return Math.floor(this.clock() / 1000);
  }

  // ---- verification ----

  /**
   * The identity behind an ID token. IdentityError INVALID_ID_TOKEN (bad token), TOKEN_EXPIRED (expired, or
   * issued before the account's tokens were revoked), USER_NOT_FOUND (account deleted), USER_DISABLED.
   */
  async verifyIdToken(idToken: unknown): Promise<VerifiedIdentity> {
    if (typeof idToken !== 'string' || idToken === '') throw new IdentityError('INVALID_ID_TOKEN');
    let payload;
    try {
      payload = await this.keys.verify(idToken, 'marquee-id');
    } catch (error) {
      if (error instanceof TokenError && error.reason === 'expired') throw new IdentityError('TOKEN_EXPIRED');
      throw new IdentityError('INVALID_ID_TOKEN');
    }
    const provider = (payload.firebase as { sign_in_provider?: unknown } | undefined)?.sign_in_provider;
    const kind: AccountKind | null =
      provider === 'custom' ? 'player' : provider === 'password' ? 'operator' : null;
    const uid = payload.sub;
    if (kind === null || typeof uid !== 'string') throw new IdentityError('INVALID_ID_TOKEN');
    const account = await this.usableAccount(kind, uid);
    const issuedAt = payload.iat as number;
    if (issuedAt < account.validSince) throw new IdentityError('TOKEN_EXPIRED');
    return {
      uid,
      kind,
      provider: PROVIDER_OF[kind],
      playerId: kind === 'player' ? uid : null,
      orgId: account.orgId,
      email: account.email,
      issuedAt,
      expiresAt: payload.exp as number,
      authTime: typeof payload.auth_time === 'number' ? payload.auth_time : issuedAt,
    };
  }

  // ---- sign-in ----

  /** Exchanges a player's custom token for an ID token and a refresh token; creates the account on first use. */
  async signInWithCustomToken(token: unknown): Promise<TokenBundle> {
    if (typeof token !== 'string' || token === '') throw new IdentityError('MISSING_CUSTOM_TOKEN');
    let claims;
    try {
      claims = await this.playerTokens.verifyCustomToken(token);
    } catch {
      throw new IdentityError('INVALID_CUSTOM_TOKEN');
    }
    const player = await this.db
      .selectFrom('players')
      .select(['credential_generation', 'blocked'])
      .where('id', '=', claims.playerId)
      .executeTakeFirst();
    // A deleted player, or a token from before a credentials rotation.
    if (player === undefined || player.credential_generation !== claims.generation) {
      throw new IdentityError('INVALID_CUSTOM_TOKEN');
    }
    if (player.blocked) throw new IdentityError('USER_DISABLED');
    const now = this.clock();
    const inserted = await this.db
      .insertInto('player_accounts')
      .values({ uid: claims.playerId, disabled: 0, valid_since: 0, created_at: now, last_login_at: now })
      .onConflict((conflict) => conflict.column('uid').doNothing())
      .executeTakeFirst();
    const isNewUser = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    const account = await this.usableAccount('player', claims.playerId);
    if (!isNewUser) {
      await this.db
        .updateTable('player_accounts')
        .set({ last_login_at: now })
        .where('uid', '=', account.uid)
        .execute();
    }
    return this.startSession(account, isNewUser);
  }

  /**
   * Creates an operator account (EMAIL_EXISTS, INVALID_EMAIL, WEAK_PASSWORD …) and signs it in. The management
   * API's sign-up creates the organisation first and passes its id.
   */
  async signUp(email: unknown, password: unknown, orgId: string | null = null): Promise<TokenBundle> {
    const address = this.checkEmail(email);
    if (typeof password !== 'string' || password === '') throw new IdentityError('MISSING_PASSWORD');
    const check = checkPassword(password, this.passwordPolicy);
    if (!check.ok) throw new IdentityError('WEAK_PASSWORD', describeUnmetRequirements(check.unmet));
    if (password.length > MAX_PASSWORD_LENGTH) {
      throw new IdentityError(
        'WEAK_PASSWORD',
        `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
      );
    }
    const existing = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', address)
      .executeTakeFirst();
    if (existing !== undefined) throw new IdentityError('EMAIL_EXISTS');
    const now = this.clock();
    const uid = newId(now);
    try {
      await this.db
        .insertInto('users')
        .values({
          id: uid,
          email: address,
          password_hash: await hashPassword(password),
          org_id: orgId,
          disabled: 0,
          valid_since: 0,
          created_at: now,
          last_login_at: now,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new IdentityError('EMAIL_EXISTS');
      throw error;
    }
    return this.startSession(await this.usableAccount('operator', uid), true);
  }

  /**
   * Signs an operator in. A wrong password and an unknown email answer alike (INVALID_LOGIN_CREDENTIALS, after the
   * same hashing work), so the answer does not tell which addresses have accounts.
   */
  async signInWithPassword(email: unknown, password: unknown): Promise<TokenBundle> {
    const address = this.checkEmail(email);
    if (typeof password !== 'string' || password === '') throw new IdentityError('MISSING_PASSWORD');
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', address)
      .executeTakeFirst();
    const candidate = password.length > MAX_PASSWORD_LENGTH ? '' : password;
    const matches = await verifyPassword(candidate, user?.password_hash ?? (await dummyPasswordHash()));
    if (user === undefined || !matches || candidate === '')
      throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
    const account = await this.usableAccount('operator', user.id);
    await this.db
      .updateTable('users')
      .set({ last_login_at: this.clock() })
      .where('id', '=', user.id)
      .execute();
    return this.startSession(account, false);
  }

  /**
   * A new ID token for a refresh token (which stays the same). INVALID_REFRESH_TOKEN (unknown), TOKEN_EXPIRED
   * (revoked since), USER_NOT_FOUND, USER_DISABLED.
   */
  async refresh(refreshToken: string): Promise<TokenBundle> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select(['uid', 'kind', 'issued_at'])
      .where('token_hash', '=', sha256(refreshToken))
      .executeTakeFirst();
    if (row === undefined) throw new IdentityError('INVALID_REFRESH_TOKEN');
    const account = await this.usableAccount(row.kind, row.uid);
    if (row.issued_at < account.validSince) throw new IdentityError('TOKEN_EXPIRED');
    return {
      uid: account.uid,
      kind: account.kind,
      idToken: await this.signIdToken(account, row.issued_at),
      refreshToken,
      expiresIn: ID_TOKEN_TTL_SECONDS,
      isNewUser: false,
      email: account.email,
    };
  }

  // ---- accounts ----

  async lookup(idToken: unknown): Promise<AccountInfo> {
    const identity = await this.verifyIdToken(idToken);
    const account = await this.usableAccount(identity.kind, identity.uid);
    return {
      localId: account.uid,
      ...(account.email === null ? {} : { email: account.email }),
      emailVerified: false,
      disabled: account.disabled,
      validSince: String(account.validSince),
      createdAt: String(account.createdAt),
      ...(account.lastLoginAt === null ? {} : { lastLoginAt: String(account.lastLoginAt) }),
    };
  }

  /** Deletes the account of the token's holder and its refresh tokens (a player's data stays; see deleteAccount). */
  async deleteAccountOf(idToken: unknown): Promise<void> {
    const identity = await this.verifyIdToken(idToken);
    await this.deleteAccount(identity.kind, identity.uid);
  }

  /** Deletes an account and its refresh tokens. A player's next custom-token sign-in makes a new account. */
  async deleteAccount(kind: AccountKind, uid: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('refresh_tokens').where('kind', '=', kind).where('uid', '=', uid).execute();
      if (kind === 'operator') await trx.deleteFrom('users').where('id', '=', uid).execute();
      else await trx.deleteFrom('player_accounts').where('uid', '=', uid).execute();
    });
  }

  /** Revokes every ID token and refresh token of the token's holder. */
  async revokeTokensOf(idToken: unknown): Promise<void> {
    const identity = await this.verifyIdToken(idToken);
    await this.revokeTokens(identity.kind, identity.uid);
  }

  /**
   * Moves the account's validSince past every token issued so far: they are all refused from the next
   * verification on. Tokens issued afterwards carry an issued-at of at least validSince (see startSession).
   */
  async revokeTokens(kind: AccountKind, uid: string): Promise<void> {
    const account = await this.loadAccount(kind, uid);
    if (account === null) return;
    const validSince = Math.max(this.nowSeconds() + 1, account.validSince + 1);
    if (kind === 'operator') {
      await this.db.updateTable('users').set({ valid_since: validSince }).where('id', '=', uid).execute();
    } else {
      await this.db
        .updateTable('player_accounts')
        .set({ valid_since: validSince })
        .where('uid', '=', uid)
        .execute();
    }
  }

  /** Disables or re-enables an account; a disabled account's tokens are refused from the next verification. */
  async setDisabled(kind: AccountKind, uid: string, disabled: boolean): Promise<void> {
    const flag = disabled ? 1 : 0;
    if (kind === 'operator') {
      await this.db.updateTable('users').set({ disabled: flag }).where('id', '=', uid).execute();
      return;
    }
    await this.db
      .insertInto('player_accounts')
      .values({ uid, disabled: flag, valid_since: 0, created_at: this.clock(), last_login_at: null })
      .onConflict((conflict) => conflict.column('uid').doUpdateSet({ disabled: flag }))
      .execute();
  }

  // ---- internals ----

  private checkEmail(email: unknown): string {
    if (typeof email !== 'string' || email.trim() === '') throw new IdentityError('MISSING_EMAIL');
    const address = normalizeEmail(email);
    if (address.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(address))
      throw new IdentityError('INVALID_EMAIL');
    return address;
  }

  private async loadAccount(kind: AccountKind, uid: string): Promise<Account | null> {
    if (kind === 'operator') {
      const user = await this.db
        .selectFrom('users')
        .select(['id', 'email', 'org_id', 'disabled', 'valid_since', 'created_at', 'last_login_at'])
        .where('id', '=', uid)
        .executeTakeFirst();
      if (user === undefined) return null;
      return {
        uid: user.id,
        kind,
        email: user.email,
        orgId: user.org_id,
        disabled: user.disabled === 1,
        validSince: user.valid_since,
        createdAt: user.created_at,
        lastLoginAt: user.last_login_at,
      };
    }
    // A player's account lives as long as the player: a hard reset deletes the player, and a blocked player is a
    // disabled account.
    const row = await this.db
      .selectFrom('player_accounts')
      .innerJoin('players', 'players.id', 'player_accounts.uid')
      .select([
        'player_accounts.uid',
        'player_accounts.disabled',
        'player_accounts.valid_since',
        'player_accounts.created_at',
        'player_accounts.last_login_at',
        'players.blocked',
      ])
      .where('player_accounts.uid', '=', uid)
      .executeTakeFirst();
    if (row === undefined) return null;
    return {
      uid: row.uid,
      kind,
      email: null,
      orgId: null,
      disabled: row.disabled === 1 || row.blocked === 1,
      validSince: row.valid_since,
      createdAt: row.created_at,
      lastLoginAt: row.last_login_at,
    };
  }

  /** The account, unless it is gone (USER_NOT_FOUND) or disabled (USER_DISABLED). */
  private async usableAccount(kind: AccountKind, uid: string): Promise<Account> {
    const account = await this.loadAccount(kind, uid);
    if (account === null) throw new IdentityError('USER_NOT_FOUND');
    if (account.disabled) throw new IdentityError('USER_DISABLED');
    return account;
  }

  /** Issued-at of a new token: now, but never before validSince, which a revocation may set up to a second ahead. */
  private issuedAt(account: Account): number {
    return Math.max(this.nowSeconds(), account.validSince);
  }

  private async signIdToken(account: Account, authTime: number): Promise<string> {
    const issuedAt = this.issuedAt(account);
    return this.keys.sign(
      {
        user_id: account.uid,
        auth_time: authTime,
        firebase: { sign_in_provider: PROVIDER_OF[account.kind], identities: {} },
        ...(account.kind === 'player' ? { player_id: account.uid } : {}),
        ...(account.orgId === null ? {} : { org_id: account.orgId }),
        ...(account.email === null ? {} : { email: account.email }),
      },
      { audience: 'marquee-id', subject: account.uid, issuedAt, expiresAt: issuedAt + ID_TOKEN_TTL_SECONDS },
    );
  }

  private async startSession(account: Account, isNewUser: boolean): Promise<TokenBundle> {
    const issuedAt = this.issuedAt(account);
    const refreshToken = randomToken(40);
    const now = this.clock();
    await this.db
      .insertInto('refresh_tokens')
      .values({
        id: newId(now),
        token_hash: sha256(refreshToken),
        uid: account.uid,
        kind: account.kind,
        issued_at: issuedAt,
        created_at: now,
      })
      .execute();
    await this.pruneRefreshTokens(account);
    return {
      uid: account.uid,
      kind: account.kind,
      idToken: await this.signIdToken(account, issuedAt),
      refreshToken,
      expiresIn: ID_TOKEN_TTL_SECONDS,
      isNewUser,
      email: account.email,
    };
  }

  /** Keeps the newest MAX_REFRESH_TOKENS_PER_ACCOUNT refresh tokens of the account (revoked ones count too, so
   * that using one still answers TOKEN_EXPIRED rather than INVALID_REFRESH_TOKEN). */
  private async pruneRefreshTokens(account: Account): Promise<void> {
    await this.db
      .deleteFrom('refresh_tokens')
      .where('kind', '=', account.kind)
      .where('uid', '=', account.uid)
      .where((eb) =>
        eb(
          'id',
          'not in',
          eb
            .selectFrom('refresh_tokens')
            .select('id')
            .where('kind', '=', account.kind)
            .where('uid', '=', account.uid)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(MAX_REFRESH_TOKENS_PER_ACCOUNT),
        ),
      )
      .execute();
  }
}
