// The identity service (docs/protocols/identity.md): accounts of players (signed in with a custom token, uid =
// player id) and of operators (email and password), short-lived ID tokens, refresh tokens, revocation.
// verifyIdToken is what every other part of the server uses to authenticate a caller; it checks the signature and
// expiry, and then, on every call, that the account still exists, is not disabled, and was not revoked after the
// token was issued. Accounts are kept by accounts.ts, sessions (refresh and ID tokens) by sessions.ts.

import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, type Role } from '@marquee/management-api';
import {
  DEFAULT_PASSWORD_POLICY,
  checkPassword,
  describeUnmetRequirements,
  type PasswordPolicy,
} from '@marquee/protocol';
import { isUniqueViolation } from '../db/database';
import type { AccountKind, Database } from '../db/schema';
import { newId } from '../ids';
import { Accounts, deleteAccountRows } from './accounts';
import { InProcessFailedSignIns, type FailedSignIns } from './failedSignIns';
import { IdentityError } from './identityErrors';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwordHash';
import type { PlayerTokens } from './playerTokens';
import { PROVIDER_OF, Sessions, type SignInProvider, type TokenBundle } from './sessions';
import { TokenError, type SigningKeys } from './signingKeys';

export { ID_TOKEN_TTL_SECONDS, MAX_REFRESH_TOKENS_PER_ACCOUNT, type TokenBundle } from './sessions';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Who presented a valid ID token. */
export interface VerifiedIdentity {
  uid: string;
  kind: AccountKind;
  provider: SignInProvider;
  /** The player id, for a player's token. */
  playerId: string | null;
  /** The operator's organisation as stored now (null for players and operators without one). */
  orgId: string | null;
  /** The operator's role in their organisation as stored now (null for players). */
  role: Role | null;
  email: string | null;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  authTime: number;
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

export interface IdentityServiceOptions {
  db: Kysely<Database>;
  /** The raw SQLite connection behind `db` (DatabaseHandle.sqlite): the accounts' hot reads are batched on it. */
  sqlite?: BetterSqlite3.Database;
  keys: SigningKeys;
  playerTokens: PlayerTokens;
  clock: () => number;
  passwordPolicy?: PasswordPolicy;
  /** The per-account limit on failed password sign-ins; default in process, on `clock`. */
  failedSignIns?: FailedSignIns;
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An email address as accounts keep it (trimmed, lower-cased), or null when it is not one. */
export function emailAddressOf(email: string): string | null {
  const address = normalizeEmail(email);
  return address.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(address) ? address : null;
}

/** '15 minutes', '1 minute', '40 seconds': how long to wait, rounded up to the minute past one. */
function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export class IdentityService {
  readonly passwordPolicy: PasswordPolicy;
  private readonly db: Kysely<Database>;
  private readonly keys: SigningKeys;
  private readonly playerTokens: PlayerTokens;
  private readonly clock: () => number;
  private readonly accounts: Accounts;
  private readonly sessions: Sessions;
  private readonly failedSignIns: FailedSignIns;

  constructor(options: IdentityServiceOptions) {
    this.db = options.db;
    this.keys = options.keys;
    this.playerTokens = options.playerTokens;
    this.clock = options.clock;
    this.passwordPolicy = options.passwordPolicy ?? { ...DEFAULT_PASSWORD_POLICY };
    this.accounts = new Accounts(options.db, options.clock, options.sqlite);
    this.sessions = new Sessions(options.db, options.keys, this.accounts, options.clock);
    this.failedSignIns = options.failedSignIns ?? new InProcessFailedSignIns(options.clock);
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
    const account = await this.accounts.usable(kind, uid);
    const issuedAt = payload.iat as number;
    if (issuedAt < account.validSince) throw new IdentityError('TOKEN_EXPIRED');
    return {
      uid,
      kind,
      provider: PROVIDER_OF[kind],
      playerId: kind === 'player' ? uid : null,
      orgId: account.orgId,
      role: account.role,
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
    const account = await this.accounts.usable('player', claims.playerId);
    if (!isNewUser) {
      await this.db
        .updateTable('player_accounts')
        .set({ last_login_at: now })
        .where('uid', '=', account.uid)
        .execute();
    }
    return this.sessions.start(account, isNewUser);
  }

  /**
   * Creates an operator account (EMAIL_EXISTS, INVALID_EMAIL, WEAK_PASSWORD …) and signs it in. The management
   * API's sign-up creates the organisation first and passes its id.
   */
  async signUp(email: unknown, password: unknown, orgId: string | null = null): Promise<TokenBundle> {
    const address = this.checkEmail(email);
    const passwordHash = await this.newPasswordHash(password);
    const uid = await this.insertOperator(this.db, { email: address, passwordHash, orgId, role: 'owner' });
    return this.startSession(uid, true);
  }

  /**
   * The hash of a new password, once it meets the policy: sign-up, invitations, changes and resets hash alike.
   * MISSING_PASSWORD, WEAK_PASSWORD (the unmet requirements in its detail).
   */
  async newPasswordHash(password: unknown): Promise<string> {
    if (typeof password !== 'string' || password === '') throw new IdentityError('MISSING_PASSWORD');
    const check = checkPassword(password, this.passwordPolicy);
    if (!check.ok) throw new IdentityError('WEAK_PASSWORD', describeUnmetRequirements(check.unmet));
    if (password.length > PASSWORD_MAX_LENGTH) {
      throw new IdentityError(
        'WEAK_PASSWORD',
        `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
      );
    }
    return hashPassword(password);
  }

  /**
   * Creates an operator account through `db` (the caller's transaction when it has one) and answers its uid.
   * INVALID_EMAIL, EMAIL_EXISTS (an account belongs to one organisation).
   */
  async insertOperator(
    db: Kysely<Database>,
    account: { email: string; passwordHash: string; orgId: string | null; role: Role },
  ): Promise<string> {
    const address = this.checkEmail(account.email);
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', address)
      .executeTakeFirst();
    if (existing !== undefined) throw new IdentityError('EMAIL_EXISTS');
    const now = this.clock();
    const uid = newId(now);
    try {
      await db
        .insertInto('users')
        .values({
          id: uid,
          email: address,
          password_hash: account.passwordHash,
          org_id: account.orgId,
          role: account.role,
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
    return uid;
  }

  /** A new session (ID and refresh token) of an operator, e.g. once they accepted an invitation or reset a password. */
  async startSession(uid: string, isNewUser = false): Promise<TokenBundle> {
    return this.sessions.start(await this.accounts.usable('operator', uid), isNewUser);
  }

  /**
   * Whether `password` is the operator's. A wrong one counts as a failed sign-in of the account (failedSignIns.ts):
   * past the limit, TOO_MANY_ATTEMPTS_TRY_LATER, so a stolen session cannot be used to guess the password.
   */
  async isOperatorPassword(uid: string, password: string): Promise<boolean> {
    const user = await this.db
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('id', '=', uid)
      .executeTakeFirst();
    if (user === undefined) return false;
    await this.takeSignInAttempt(user.email);
    const candidate = password.length > PASSWORD_MAX_LENGTH ? '' : password;
    let matches: boolean;
    try {
      matches = candidate !== '' && (await verifyPassword(candidate, user.password_hash));
    } catch (error) {
      await this.failedSignIns.giveBack(user.email);
      throw error;
    }
    if (matches) await this.failedSignIns.clear(user.email);
    return matches;
  }

  /** Sets an operator's password hash through `db` and revokes every token they hold (every session ends). */
  async setOperatorPassword(db: Kysely<Database>, uid: string, passwordHash: string): Promise<void> {
    await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', uid).execute();
    await new Accounts(db, this.clock).revokeTokens('operator', uid);
  }

  /** Revokes every ID and refresh token of an operator through `db` (the caller's transaction). */
  async revokeOperatorTokens(db: Kysely<Database>, uid: string): Promise<void> {
    await new Accounts(db, this.clock).revokeTokens('operator', uid);
  }

  /** Deletes an operator's account and refresh tokens through `db`: their tokens are refused from the next call. */
  async deleteOperator(db: Kysely<Database>, uid: string): Promise<void> {
    await deleteAccountRows(db, 'operator', uid);
  }

  /**
   * Signs an operator in. A wrong password and an unknown email answer alike (INVALID_LOGIN_CREDENTIALS, after the
   * same hashing work), so the answer does not tell which addresses have accounts. Past the account's failed
   * sign-ins (failedSignIns.ts), TOO_MANY_ATTEMPTS_TRY_LATER (429) until its window ends, for known and unknown
   * addresses alike and without looking either up.
   */
  async signInWithPassword(email: unknown, password: unknown): Promise<TokenBundle> {
    const address = this.checkEmail(email);
    if (typeof password !== 'string' || password === '') throw new IdentityError('MISSING_PASSWORD');
    await this.takeSignInAttempt(address);
    let user: { id: string } | undefined;
    try {
      user = await this.checkPassword(address, password);
    } catch (error) {
      await this.failedSignIns.giveBack(address);
      throw error;
    }
    // A failure keeps the attempt taken: it counts.
    if (user === undefined) throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
    await this.failedSignIns.clear(address);
    const account = await this.accounts.usable('operator', user.id);
    await this.db
      .updateTable('users')
      .set({ last_login_at: this.clock() })
      .where('id', '=', user.id)
      .execute();
    return this.sessions.start(account, false);
  }

  /**
   * Signs an operator in without a password, once their organisation's OpenID provider has vouched for them
   * (sso/ssoSignIn.ts). The session is an operator's like any other (its ID token says provider 'password', which
   * verifyIdToken reads as an operator). USER_NOT_FOUND, USER_DISABLED.
   */
  async signInOperator(uid: string): Promise<TokenBundle> {
    const account = await this.accounts.usable('operator', uid);
    await this.db.updateTable('users').set({ last_login_at: this.clock() }).where('id', '=', uid).execute();
    return this.sessions.start(account, false);
  }

  /**
   * A new ID token for a refresh token (which stays the same). INVALID_REFRESH_TOKEN (unknown), TOKEN_EXPIRED
   * (revoked since), USER_NOT_FOUND, USER_DISABLED.
   */
  async refresh(refreshToken: string): Promise<TokenBundle> {
    return this.sessions.refresh(refreshToken);
  }

  // ---- accounts ----

  async lookup(idToken: unknown): Promise<AccountInfo> {
    const identity = await this.verifyIdToken(idToken);
    const account = await this.accounts.usable(identity.kind, identity.uid);
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
    await this.accounts.delete(kind, uid);
  }

  /** Revokes every ID token and refresh token of the token's holder. */
  async revokeTokensOf(idToken: unknown): Promise<void> {
    const identity = await this.verifyIdToken(idToken);
    await this.revokeTokens(identity.kind, identity.uid);
  }

  /** Refuses every ID token and refresh token of the account issued so far. */
  async revokeTokens(kind: AccountKind, uid: string): Promise<void> {
    await this.accounts.revokeTokens(kind, uid);
  }

  /** Disables or re-enables an account; a disabled account's tokens are refused from the next verification. */
  async setDisabled(kind: AccountKind, uid: string, disabled: boolean): Promise<void> {
    await this.accounts.setDisabled(kind, uid, disabled);
  }

  // ---- internals ----

  /** The operator whose password this is, undefined for a wrong one or an unknown address (same hashing work). */
  private async checkPassword(address: string, password: string): Promise<{ id: string } | undefined> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', address)
      .executeTakeFirst();
    const candidate = password.length > PASSWORD_MAX_LENGTH ? '' : password;
    const matches = await verifyPassword(candidate, user?.password_hash ?? (await dummyPasswordHash()));
    return user !== undefined && matches && candidate !== '' ? { id: user.id } : undefined;
  }

  /** Takes one of the account's password attempts; TOO_MANY_ATTEMPTS_TRY_LATER when none is left. */
  private async takeSignInAttempt(address: string): Promise<void> {
    const attempt = await this.failedSignIns.take(address);
    if (!attempt.allowed) {
      const seconds = Math.max(1, Math.ceil(attempt.retryAfterMs / 1000));
      throw new IdentityError(
        'TOO_MANY_ATTEMPTS_TRY_LATER',
        `Too many failed sign-ins for this account: try again in ${waitText(seconds)}.`,
        429,
        seconds,
      );
    }
  }

  private checkEmail(email: unknown): string {
    if (typeof email !== 'string' || email.trim() === '') throw new IdentityError('MISSING_EMAIL');
    const address = emailAddressOf(email);
    if (address === null) throw new IdentityError('INVALID_EMAIL');
    return address;
  }
}
