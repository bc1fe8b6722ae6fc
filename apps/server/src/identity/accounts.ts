// The identity service's accounts (docs/protocols/identity.md §Accounts): operators in `users` (email and
// password), players in `player_accounts` (uid = player id, made at the first custom-token sign-in). An account is
// usable unless it is gone or disabled; revoking moves its validSince past every token issued so far.

import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Role } from '@marquee/management-api';
import { batchedRead } from '../db/batchedRead';
import type { AccountKind, Database } from '../db/schema';
import { IdentityError } from './identityErrors';

export interface Account {
  uid: string;
  kind: AccountKind;
  email: string | null;
  orgId: string | null;
  /** An operator's role in their organisation (null for players). */
  role: Role | null;
  disabled: boolean;
  /** Seconds since the epoch: tokens issued before are revoked. */
  validSince: number;
  createdAt: number;
  lastLoginAt: number | null;
}

/** A player's account, read at every realtime authentication (batched by turn). */
const playerAccountQuery = (db: Kysely<Database>, sqlite: BetterSqlite3.Database | undefined) => {
  const account = (db: Kysely<Database>) =>
    db
      .selectFrom('player_accounts')
      .innerJoin('players', 'players.id', 'player_accounts.uid')
      .select([
        'player_accounts.uid',
        'player_accounts.disabled',
        'player_accounts.valid_since',
        'player_accounts.created_at',
        'player_accounts.last_login_at',
        'players.blocked',
      ]);
  return batchedRead(
    { db, sqlite },
    {
      one: (db, uid) => account(db).where('player_accounts.uid', '=', uid),
      many: (db, uids) => account(db).where('player_accounts.uid', '=', (eb) => eb.fn.any(eb.val(uids))),
      keyOf: (row) => row.uid,
    },
  );
};

export class Accounts {
  private readonly playerAccount: ReturnType<typeof playerAccountQuery>;

  /**
   * `sqlite`: the raw connection, when `db` is the SQLite database itself (never with a transaction, which a
   * batched read would not see into).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    sqlite?: BetterSqlite3.Database,
  ) {
    this.playerAccount = playerAccountQuery(db, sqlite);
  }

  async load(kind: AccountKind, uid: string): Promise<Account | null> {
    if (kind === 'operator') {
      const user = await this.db
        .selectFrom('users')
        .select(['id', 'email', 'org_id', 'role', 'disabled', 'valid_since', 'created_at', 'last_login_at'])
        .where('id', '=', uid)
        .executeTakeFirst();
      if (user === undefined) return null;
      return {
        uid: user.id,
        kind,
        email: user.email,
        orgId: user.org_id,
        role: user.role,
        disabled: user.disabled === 1,
        validSince: user.valid_since,
        createdAt: user.created_at,
        lastLoginAt: user.last_login_at,
      };
    }
    // A player's account lives as long as the player: a hard reset deletes the player, and a blocked player is a
    // disabled account.
    const [row] = await this.playerAccount(uid);
    if (row === undefined) return null;
    return {
      uid: row.uid,
      kind,
      email: null,
      orgId: null,
      role: null,
      disabled: row.disabled === 1 || row.blocked === 1,
      validSince: row.valid_since,
      createdAt: row.created_at,
      lastLoginAt: row.last_login_at,
    };
  }

  /** The account, unless it is gone (USER_NOT_FOUND) or disabled (USER_DISABLED). */
  async usable(kind: AccountKind, uid: string): Promise<Account> {
    const account = await this.load(kind, uid);
    if (account === null) throw new IdentityError('USER_NOT_FOUND');
    if (account.disabled) throw new IdentityError('USER_DISABLED');
    return account;
  }

  /** Deletes an account and its refresh tokens. A player's next custom-token sign-in makes a new account. */
  async delete(kind: AccountKind, uid: string): Promise<void> {
    await this.db.transaction().execute((trx) => deleteAccountRows(trx, kind, uid));
  }

  /**
   * Moves the account's validSince past every token issued so far: they are all refused from the next
   * verification on. Tokens issued afterwards carry an issued-at of at least validSince (sessions.ts).
   */
  async revokeTokens(kind: AccountKind, uid: string): Promise<void> {
    const account = await this.load(kind, uid);
    if (account === null) return;
    const validSince = Math.max(Math.floor(this.clock() / 1000) + 1, account.validSince + 1);
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
}

/** Deletes an account's row and its refresh tokens through `db` (a transaction: both go, or neither). */
export async function deleteAccountRows(db: Kysely<Database>, kind: AccountKind, uid: string): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('kind', '=', kind).where('uid', '=', uid).execute();
  if (kind === 'operator') await db.deleteFrom('users').where('id', '=', uid).execute();
  else await db.deleteFrom('player_accounts').where('uid', '=', uid).execute();
}
