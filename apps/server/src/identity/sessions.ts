// Sessions of the identity service (docs/protocols/identity.md §Tokens, §Refresh): a sign-in stores a refresh token
// (hashed) and signs an ID token; a refresh signs a new ID token for a stored refresh token. Issued-at is never
// before the account's validSince, which a revocation may set up to a second ahead.

import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountKind, Database } from '../db/schema';
import { newId, randomToken } from '../ids';
import type { Account, Accounts } from './accounts';
import { IdentityError } from './identityErrors';
import type { SigningKeys } from './signingKeys';

/** Lifetime of an ID token. */
export const ID_TOKEN_TTL_SECONDS = 3600;
/** Refresh tokens kept per account (each sign-in makes one); the oldest go first. */
export const MAX_REFRESH_TOKENS_PER_ACCOUNT = 20;

export type SignInProvider = 'custom' | 'password';
export const PROVIDER_OF: Record<AccountKind, SignInProvider> = { player: 'custom', operator: 'password' };

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

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class Sessions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly keys: SigningKeys,
    private readonly accounts: Accounts,
    private readonly clock: () => number,
  ) {}

  async start(account: Account, isNewUser: boolean): Promise<TokenBundle> {
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
    const account = await this.accounts.usable(row.kind, row.uid);
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

  /** Issued-at of a new token: now, but never before validSince. */
  private issuedAt(account: Account): number {
    return Math.max(Math.floor(this.clock() / 1000), account.validSince);
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
