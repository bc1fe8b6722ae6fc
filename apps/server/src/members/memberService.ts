// An organisation's members (docs/teams.md §Members and invitations): listing them, changing a member's role,
// removing a member, handing ownership to another. The route-access table lets only admins (and owners for the
// handover) here; this service keeps the rules the table cannot express: nobody gives a role above their own, only
// an owner changes or removes an owner, and the last owner can be neither demoted nor removed. A removed member's
// account is deleted, so their tokens are refused from the very next call on every node (the operator
// authentication reads the account on every call).

import type { Kysely } from 'kysely';
import { roleAtLeast, type MemberView, type Role } from '@marquee/management-api';
import { recordChange } from '../audit/auditRecord';
import type { Database } from '../db/schema';
import { conflict, forbidden, invalid, notFound } from '../domain/errors';
import type { IdentityService } from '../identity/identityService';
import type { Operator } from '../operators/operatorService';
import { lockTeam } from './teamLock';

export interface MemberServiceOptions {
  db: Kysely<Database>;
  identity: IdentityService;
  clock: () => number;
}

interface MemberRow {
  id: string;
  email: string;
  role: Role;
  created_at: number;
  last_login_at: number | null;
}

const viewOf = (row: MemberRow): MemberView => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: row.created_at,
  lastSignInAt: row.last_login_at,
});

/** Refuses a role above the caller's own. */
export function assertMayGrant(operator: Operator, role: Role): void {
  if (!roleAtLeast(operator.role, role)) {
    throw forbidden(
      'ROLE_ABOVE_YOURS',
      `You cannot give the ${role} role: it is above your ${operator.role} role`,
    );
  }
}

/** Refuses an admin's change to an owner (their role, their removal, a reset link for them). */
export function assertMayManage(operator: Operator, target: { role: Role }): void {
  if (target.role === 'owner' && operator.role !== 'owner') {
    throw forbidden('OWNER_PROTECTED', 'Only an owner can change, remove or reset the password of an owner');
  }
}

export class MemberService {
  private readonly db: Kysely<Database>;
  private readonly identity: IdentityService;
  private readonly clock: () => number;

  constructor(options: MemberServiceOptions) {
    this.db = options.db;
    this.identity = options.identity;
    this.clock = options.clock;
  }

  /** The organisation's members, oldest first. */
  async list(orgId: string): Promise<MemberView[]> {
    return (await this.rows(this.db, orgId)).map(viewOf);
  }

  /** A member of the organisation; another organisation's answers MEMBER_NOT_FOUND, as if absent. */
  async find(db: Kysely<Database>, orgId: string, id: string, field = 'id'): Promise<MemberView> {
    const row = await db
      .selectFrom('users')
      .select(['id', 'email', 'role', 'created_at', 'last_login_at'])
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw notFound('MEMBER_NOT_FOUND', 'No such member in your organisation', field);
    return viewOf(row);
  }

  async updateRole(operator: Operator, id: string, role: Role): Promise<MemberView> {
    return this.db.transaction().execute(async (trx) => {
      await lockTeam(trx, operator.orgId);
      const member = await this.find(trx, operator.orgId, id);
      assertMayManage(operator, member);
      assertMayGrant(operator, role);
      if (member.role === role) return member;
      if (member.role === 'owner') await this.assertNotLastOwner(trx, operator.orgId, 'demoted');
      await trx.updateTable('users').set({ role }).where('id', '=', member.id).execute();
      await recordChange(
        trx,
        operator,
        {
          action: 'member.update',
          target: { type: 'member', id: member.id },
          before: { email: member.email, role: member.role },
          after: { email: member.email, role },
        },
        this.clock(),
      );
      return { ...member, role };
    });
  }

  /** Deletes the member's account: every token they hold is refused from the next call. */
  async remove(operator: Operator, id: string): Promise<{ deleted: string }> {
    return this.db.transaction().execute(async (trx) => {
      await lockTeam(trx, operator.orgId);
      const member = await this.find(trx, operator.orgId, id);
      assertMayManage(operator, member);
      if (member.role === 'owner') await this.assertNotLastOwner(trx, operator.orgId, 'removed');
      await this.identity.deleteOperator(trx, member.id);
      await recordChange(
        trx,
        operator,
        {
          action: 'member.remove',
          target: { type: 'member', id: member.id },
          before: { email: member.email, role: member.role },
        },
        this.clock(),
      );
      return { deleted: member.id };
    });
  }

  /** The member becomes owner and the calling owner becomes admin, together. Answers the members. */
  async transferOwnership(operator: Operator, memberId: string): Promise<MemberView[]> {
    if (operator.actor.kind !== 'member') {
      throw forbidden(
        'MEMBERS_ONLY',
        'Ownership is handed over by an owner signed in as themselves, not by a key',
      );
    }
    return this.db.transaction().execute(async (trx) => {
      await lockTeam(trx, operator.orgId);
      if (memberId === operator.uid) {
        throw invalid('ALREADY_OWNER', 'You are already an owner: name another member', 'memberId');
      }
      const member = await this.find(trx, operator.orgId, memberId, 'memberId');
      await trx.updateTable('users').set({ role: 'owner' }).where('id', '=', member.id).execute();
      await trx.updateTable('users').set({ role: 'admin' }).where('id', '=', operator.uid).execute();
      await recordChange(
        trx,
        operator,
        {
          action: 'org.transferOwnership',
          target: { type: 'member', id: member.id },
          before: {
            member: { email: member.email, role: member.role },
            from: { id: operator.uid, role: 'owner' },
          },
          after: {
            member: { email: member.email, role: 'owner' },
            from: { id: operator.uid, role: 'admin' },
          },
        },
        this.clock(),
      );
      return (await this.rows(trx, operator.orgId)).map(viewOf);
    });
  }

  private async rows(db: Kysely<Database>, orgId: string): Promise<MemberRow[]> {
    return db
      .selectFrom('users')
      .select(['id', 'email', 'role', 'created_at', 'last_login_at'])
      .where('org_id', '=', orgId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  private async assertNotLastOwner(db: Kysely<Database>, orgId: string, fate: 'demoted' | 'removed') {
    const { n } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('org_id', '=', orgId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    if (Number(n) <= 1) {
      throw conflict(
        'LAST_OWNER',
        `The last owner cannot be ${fate}: make another member owner first (POST /org/transfer-ownership)`,
      );
    }
  }
}
