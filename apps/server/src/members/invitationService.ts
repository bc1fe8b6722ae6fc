// Invitations to join an organisation (docs/teams.md §Members and invitations). An admin invites an email address
// with a role (never above their own); the answer carries the link, shown this once (only the token's SHA-256 is
// kept), and the link is emailed too when SMTP is configured. Inviting an address that already has a pending
// invitation to the organisation replaces it: the old link stops working. Accepting creates the member with the
// invitation's role, through the identity service's password policy and hashing, and claims the invitation with a
// conditional update, so two acceptances at once make one member and a replayed link changes nothing.

import type { Kysely } from 'kysely';
import {
  INVITATION_VALID_DAYS,
  type CreatedInvitation,
  type InvitationRequest,
  type InvitationView,
  type Role,
} from '@marquee/management-api';
import { recordChange } from '../audit/auditRecord';
import type { Database } from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';
import { newId } from '../ids';
import { IdentityError } from '../identity/identityErrors';
import { emailAddressOf, type IdentityService, type TokenBundle } from '../identity/identityService';
import type { Operator } from '../operators/operatorService';
import { hashLinkToken, newLinkToken, studioLink } from './linkTokens';
import { memberActor } from './memberActor';
import { assertMayGrant } from './memberService';
import { hashNewPassword } from './newPassword';
import type { TeamMail } from './teamMail';
import { lockTeam } from './teamLock';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationServiceOptions {
  db: Kysely<Database>;
  identity: IdentityService;
  clock: () => number;
  publicUrl: string;
  /** Null without SMTP: the link is only answered. */
  mail: TeamMail | null;
}

interface InvitationRow {
  id: string;
  org_id: string;
  email: string;
  role: Role;
  invited_by: string | null;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
}

const viewOf = (row: InvitationRow): InvitationView => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invited_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

const COLUMNS = [
  'id',
  'org_id',
  'email',
  'role',
  'invited_by',
  'created_at',
  'expires_at',
  'accepted_at',
  'revoked_at',
] as const;

export class InvitationService {
  constructor(private readonly options: InvitationServiceOptions) {}

  async create(operator: Operator, request: InvitationRequest): Promise<CreatedInvitation> {
    const email = emailAddressOf(request.email);
    if (email === null) throw invalid('INVALID_EMAIL', 'The email address is not valid', 'email');
    assertMayGrant(operator, request.role);
    const { db, clock, publicUrl, mail } = this.options;
    const now = clock();
    const link = newLinkToken();
    const row: InvitationRow = {
      id: newId(now),
      org_id: operator.orgId,
      email,
      role: request.role,
      invited_by: operator.actor.id,
      created_at: now,
      expires_at: now + INVITATION_VALID_DAYS * DAY_MS,
      accepted_at: null,
      revoked_at: null,
    };
    const orgName = await db.transaction().execute(async (trx) => {
      await lockTeam(trx, operator.orgId);
      const account = await trx
        .selectFrom('users')
        .select('org_id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (account !== undefined) {
        throw conflict(
          'EMAIL_EXISTS',
          account.org_id === operator.orgId
            ? 'This address is already a member of your organisation'
            : 'This address already has an account: an account belongs to one organisation',
        );
      }
      for (const pending of await this.pending(trx, operator.orgId, now, email)) {
        await trx.updateTable('invitations').set({ revoked_at: now }).where('id', '=', pending.id).execute();
        await recordChange(
          trx,
          operator,
          {
            action: 'invitation.revoke',
            target: { type: 'invitation', id: pending.id },
            before: viewOf(pending),
          },
          now,
        );
      }
      await trx
        .insertInto('invitations')
        .values({ ...row, token_hash: link.hash })
        .execute();
      await recordChange(
        trx,
        operator,
        { action: 'invitation.create', target: { type: 'invitation', id: row.id }, after: viewOf(row) },
        now,
      );
      const org = await trx
        .selectFrom('orgs')
        .select('name')
        .where('id', '=', operator.orgId)
        .executeTakeFirst();
      return org?.name ?? '';
    });
    const url = studioLink(publicUrl, 'accept-invitation', link.token);
    const emailed =
      mail === null
        ? false
        : await mail.invitation(email, {
            orgName,
            invitedBy: operator.actor.name,
            role: row.role,
            url,
            expiresAt: row.expires_at,
          });
    return { ...viewOf(row), token: link.token, url, emailed };
  }

  /** Pending invitations: neither accepted, revoked nor expired. */
  async list(orgId: string): Promise<InvitationView[]> {
    return (await this.pending(this.options.db, orgId, this.options.clock())).map(viewOf);
  }

  /** Revokes a pending invitation: its link stops working. Revoking a revoked one again changes nothing. */
  async revoke(operator: Operator, id: string): Promise<{ deleted: string }> {
    const { db, clock } = this.options;
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('invitations')
        .select(COLUMNS)
        .where('org_id', '=', operator.orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) {
        throw notFound('INVITATION_NOT_FOUND', 'No such invitation in your organisation', 'id');
      }
      if (row.accepted_at !== null) {
        throw conflict('INVITATION_USED', 'This invitation was accepted: remove the member instead');
      }
      if (row.revoked_at !== null) return { deleted: row.id };
      const now = clock();
      await trx.updateTable('invitations').set({ revoked_at: now }).where('id', '=', row.id).execute();
      await recordChange(
        trx,
        operator,
        { action: 'invitation.revoke', target: { type: 'invitation', id: row.id }, before: viewOf(row) },
        now,
      );
      return { deleted: row.id };
    });
  }

  /**
   * Creates the invited member with the invitation's role and answers their first session. A forged or unknown
   * token, a used, revoked or expired invitation: each refused with its own code, changing nothing.
   */
  async accept(token: string, password: string, ip: string | null): Promise<TokenBundle> {
    const { db, identity, clock } = this.options;
    const tokenHash = hashLinkToken(token);
    const found = await db
      .selectFrom('invitations')
      .select(COLUMNS)
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    this.assertUsable(found, clock());
    const passwordHash = await hashNewPassword(identity, password, 'password');
    const uid = await db.transaction().execute(async (trx) => {
      const now = clock();
      const claimed = await trx
        .updateTable('invitations')
        .set({ accepted_at: now })
        .where('token_hash', '=', tokenHash)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) {
        // Taken, revoked or expired since it was read: say which.
        const row = await trx
          .selectFrom('invitations')
          .select(COLUMNS)
          .where('token_hash', '=', tokenHash)
          .executeTakeFirst();
        this.assertUsable(row, now);
        throw invalid('INVITATION_USED', 'This invitation was already accepted: sign in instead', 'token');
      }
      const invitation = found as InvitationRow;
      let id: string;
      try {
        id = await identity.insertOperator(trx, {
          email: invitation.email,
          passwordHash,
          orgId: invitation.org_id,
          role: invitation.role,
        });
      } catch (error) {
        if (error instanceof IdentityError && error.code === 'EMAIL_EXISTS') {
          throw conflict('EMAIL_EXISTS', 'This address already has an account: sign in instead');
        }
        throw error;
      }
      await recordChange(
        trx,
        memberActor({ id, email: invitation.email, orgId: invitation.org_id, role: invitation.role }, ip),
        {
          action: 'invitation.accept',
          target: { type: 'invitation', id: invitation.id },
          after: { memberId: id, email: invitation.email, role: invitation.role },
        },
        now,
      );
      return id;
    });
    return identity.startSession(uid, true);
  }

  private assertUsable(row: InvitationRow | undefined, now: number): asserts row is InvitationRow {
    if (row === undefined) {
      throw invalid('INVITATION_INVALID', 'This invitation link is not valid: ask for a new one', 'token');
    }
    if (row.accepted_at !== null) {
      throw invalid('INVITATION_USED', 'This invitation was already accepted: sign in instead', 'token');
    }
    if (row.revoked_at !== null) {
      throw invalid('INVITATION_REVOKED', 'This invitation was withdrawn: ask for a new one', 'token');
    }
    if (row.expires_at <= now) {
      throw invalid('INVITATION_EXPIRED', 'This invitation has expired: ask for a new one', 'token');
    }
  }

  private async pending(
    db: Kysely<Database>,
    orgId: string,
    now: number,
    email?: string,
  ): Promise<InvitationRow[]> {
    let query = db
      .selectFrom('invitations')
      .select(COLUMNS)
      .where('org_id', '=', orgId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now);
    if (email !== undefined) query = query.where('email', '=', email);
    return query.orderBy('created_at').orderBy('id').execute();
  }
}
