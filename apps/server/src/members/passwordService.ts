// Passwords of members (docs/teams.md §Passwords). A member changes their own password with the current one; a
// forgotten one is reset by a link, emailed when SMTP is configured or made by an admin otherwise. A change or a
// reset ends every session of the member (every ID and refresh token issued so far is refused) and answers a new
// session, so the person who did it stays signed in. Reset links are used once; only their SHA-256 is kept.

import type { Kysely } from 'kysely';
import { PASSWORD_RESET_VALID_MINUTES, type Role } from '@marquee/management-api';
import { recordChange } from '../audit/auditRecord';
import type { Database } from '../db/schema';
import { invalid } from '../domain/errors';
import { emailAddressOf, type IdentityService, type TokenBundle } from '../identity/identityService';
import { fromIdentityError, type Operator } from '../operators/operatorService';
import { hashLinkToken, newLinkToken, studioLink } from './linkTokens';
import { memberActor } from './memberActor';
import { assertMayManage, type MemberService } from './memberService';
import { hashNewPassword } from './newPassword';
import type { TeamMail } from './teamMail';

const MINUTE_MS = 60_000;
/** At most one reset email per member in this time, so nobody can flood a member's inbox. */
export const RESET_EMAIL_INTERVAL_MS = MINUTE_MS;

export interface PasswordServiceOptions {
  db: Kysely<Database>;
  identity: IdentityService;
  members: MemberService;
  clock: () => number;
  publicUrl: string;
  /** Null without SMTP: resets are made by an admin (createResetLink). */
  mail: TeamMail | null;
}

export interface ResetLink {
  url: string;
  token: string;
  expiresAt: number;
}

export class PasswordService {
  constructor(private readonly options: PasswordServiceOptions) {}

  /** The signed-in member's new password; every other session of theirs ends. */
  async change(operator: Operator, currentPassword: string, newPassword: string): Promise<TokenBundle> {
    const { db, identity, clock } = this.options;
    const matches = await identity
      .isOperatorPassword(operator.uid, currentPassword)
      .catch((error: unknown) => {
        throw fromIdentityError(error);
      });
    if (!matches) {
      throw invalid('WRONG_PASSWORD', 'The current password is not right', 'currentPassword');
    }
    const passwordHash = await hashNewPassword(identity, newPassword, 'newPassword');
    await db.transaction().execute(async (trx) => {
      await identity.setOperatorPassword(trx, operator.uid, passwordHash);
      await recordChange(
        trx,
        operator,
        { action: 'password.change', target: { type: 'member', id: operator.uid } },
        clock(),
      );
    });
    return identity.startSession(operator.uid);
  }

  /**
   * Emails a reset link when SMTP is configured and the address is a member's. Answers the same either way (whether
   * an email goes out is decided before the address is looked up, and the email is sent in the background), so
   * the answer never tells whether an address has an account.
   */
  async requestReset(email: string): Promise<{ emailed: boolean }> {
    const { db, mail, publicUrl } = this.options;
    const address = emailAddressOf(email);
    if (address === null) throw invalid('INVALID_EMAIL', 'The email address is not valid', 'email');
    if (mail === null) return { emailed: false };
    const user = await db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst();
    if (user !== undefined && !(await this.linkedRecently(user.id))) {
      const link = await this.storeLink(db, user.id);
      void mail.passwordReset(address, {
        url: studioLink(publicUrl, 'reset-password', link.token),
        validMinutes: PASSWORD_RESET_VALID_MINUTES,
      });
    }
    return { emailed: true };
  }

  /** A reset link for a member of the admin's organisation (installs without SMTP); only an owner's for an owner. */
  async createResetLink(operator: Operator, memberId: string): Promise<ResetLink> {
    const { db, members, clock, publicUrl } = this.options;
    return db.transaction().execute(async (trx) => {
      const member = await members.find(trx, operator.orgId, memberId);
      assertMayManage(operator, member);
      const link = await this.storeLink(trx, member.id);
      await recordChange(
        trx,
        operator,
        {
          action: 'password.resetLink',
          target: { type: 'member', id: member.id },
          after: { email: member.email },
        },
        clock(),
      );
      return {
        url: studioLink(publicUrl, 'reset-password', link.token),
        token: link.token,
        expiresAt: link.expiresAt,
      };
    });
  }

  /** Sets the password of the link's member, uses up every link of theirs, ends their sessions, starts a new one. */
  async completeReset(token: string, password: string, ip: string | null): Promise<TokenBundle> {
    const { db, identity, clock } = this.options;
    const tokenHash = hashLinkToken(token);
    const reset = await db
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select([
        'password_resets.user_id',
        'password_resets.expires_at',
        'password_resets.used_at',
        'users.email',
        'users.org_id',
        'users.role',
      ])
      .where('password_resets.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (reset === undefined) {
      throw invalid('RESET_INVALID', 'This reset link is not valid: ask for a new one', 'token');
    }
    if (reset.used_at !== null)
      throw invalid('RESET_USED', 'This reset link was already used: ask for a new one', 'token');
    if (reset.expires_at <= clock()) {
      throw invalid('RESET_EXPIRED', 'This reset link has expired: ask for a new one', 'token');
    }
    const passwordHash = await hashNewPassword(identity, password, 'password');
    await db.transaction().execute(async (trx) => {
      const now = clock();
      const claimed = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) {
        throw invalid('RESET_USED', 'This reset link was already used: ask for a new one', 'token');
      }
      // The member's other links go too: the password they were for is gone.
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', reset.user_id)
        .where('used_at', 'is', null)
        .execute();
      await identity.setOperatorPassword(trx, reset.user_id, passwordHash);
      if (reset.org_id !== null) {
        const member = {
          id: reset.user_id,
          email: reset.email,
          orgId: reset.org_id,
          role: reset.role as Role,
        };
        await recordChange(
          trx,
          memberActor(member, ip),
          { action: 'password.reset', target: { type: 'member', id: reset.user_id } },
          now,
        );
      }
    });
    return identity.startSession(reset.user_id);
  }

  private async linkedRecently(userId: string): Promise<boolean> {
    const recent = await this.options.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', userId)
      .where('created_at', '>', this.options.clock() - RESET_EMAIL_INTERVAL_MS)
      .executeTakeFirst();
    return recent !== undefined;
  }

  private async storeLink(
    db: Kysely<Database>,
    userId: string,
  ): Promise<{ token: string; expiresAt: number }> {
    const now = this.options.clock();
    const link = newLinkToken();
    const expiresAt = now + PASSWORD_RESET_VALID_MINUTES * MINUTE_MS;
    await db
      .insertInto('password_resets')
      .values({
        token_hash: link.hash,
        user_id: userId,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    return { token: link.token, expiresAt };
  }
}
