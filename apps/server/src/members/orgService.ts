// Deleting an organisation (docs/teams.md §Members and invitations), by an owner who types its name again. Its
// screens are unpaired first, as unpairing one by one would (each player gets a new pairing code and shows it, so
// the devices can be paired again, here or elsewhere); then, in one transaction, its members' accounts are deleted
// (their tokens are refused from the next call) and the organisation's row, which takes with it everything that
// references it (content, schedules, groups, invitations, API keys, webhooks, alert rules, plays…). Media files
// no other organisation uses are unlinked last. The audit log keeps the deletion's entry until its retention ends.

import type { Kysely } from 'kysely';
import { recordChange } from '../audit/auditRecord';
import type { Database } from '../db/schema';
import { forbidden, invalid, notFound } from '../domain/errors';
import type { IdentityService } from '../identity/identityService';
import type { MediaService } from '../media/mediaService';
import type { Operator } from '../operators/operatorService';
import type { ScreenService } from '../screens/screenService';
import { lockTeam } from './teamLock';

export interface OrgServiceOptions {
  db: Kysely<Database>;
  identity: IdentityService;
  screens: Pick<ScreenService, 'unpair'>;
  media: Pick<MediaService, 'releaseFiles'>;
  clock: () => number;
}

export class OrgService {
  constructor(private readonly options: OrgServiceOptions) {}

  async delete(operator: Operator, confirmName: string): Promise<{ deleted: string }> {
    const { db, identity, screens, media, clock } = this.options;
    if (operator.actor.kind !== 'member') {
      throw forbidden(
        'MEMBERS_ONLY',
        'An organisation is deleted by an owner signed in as themselves, not by a key',
      );
    }
    const org = await db
      .selectFrom('orgs')
      .select(['id', 'name'])
      .where('id', '=', operator.orgId)
      .executeTakeFirst();
    if (org === undefined) throw notFound('ORG_NOT_FOUND', 'Your organisation no longer exists');
    if (confirmName.trim() !== org.name) {
      throw invalid(
        'CONFIRM_NAME_MISMATCH',
        `Type the organisation's name exactly to delete it`,
        'confirmName',
      );
    }
    const screenRows = await db.selectFrom('screens').select('id').where('org_id', '=', org.id).execute();
    for (const screen of screenRows) await screens.unpair(operator, screen.id);
    const files = await db.selectFrom('media').select('sha256').where('org_id', '=', org.id).execute();
    await db.transaction().execute(async (trx) => {
      await lockTeam(trx, org.id);
      const members = await trx.selectFrom('users').select('id').where('org_id', '=', org.id).execute();
      await recordChange(
        trx,
        operator,
        {
          action: 'org.delete',
          target: { type: 'org', id: org.id },
          before: { name: org.name, members: members.length, screens: screenRows.length },
        },
        clock(),
      );
      for (const member of members) await identity.deleteOperator(trx, member.id);
      await trx.deleteFrom('orgs').where('id', '=', org.id).execute();
    });
    await media.releaseFiles(files.map((file) => file.sha256));
    return { deleted: org.id };
  }
}
