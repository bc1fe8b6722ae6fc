// Alert rules of an organisation (docs/screen-health.md §Alert rules): stored, checked (targets and webhooks must be
// the organisation's), and read by the alert engine. Bad input is refused naming the field, and nothing is written.

import type { Kysely } from 'kysely';
import type {
  AlertRulePatch,
  AlertRuleRequest,
  AlertRuleView,
  AlertTargets,
  Targets,
} from '@marquee/management-api';
import type { AlertRuleRow, Database } from '../db/schema';
import { invalid, notFound } from '../domain/errors';
import type { GroupService } from '../groups/groupService';
import { parseStringList, parseTargets } from '../groups/membership';
import { newId } from '../ids';
import { recordChange, type Changer } from '../audit/auditRecord';

/**
 * The webhook ids of `ids` the organisation does not have. The webhooks live with the webhook service; until it
 * is wired (services.ts), every well-formed id is accepted.
 */
export type UnknownWebhooks = (orgId: string, ids: readonly string[]) => Promise<string[]>;

export interface AlertRuleServiceOptions {
  db: Kysely<Database>;
  clock: () => number;
  groups: Pick<GroupService, 'checkTargets'>;
  unknownWebhooks?: UnknownWebhooks;
}

/** A rule as the engine uses it. */
export interface AlertRule {
  id: string;
  orgId: string;
  name: string;
  targets: Targets;
  offlineAfterSeconds: number;
  notifyRecovery: boolean;
  webhookIds: string[];
  emails: string[];
}

export const normalTargets = (targets: AlertTargets): Targets =>
  'all' in targets
    ? { all: true, screenIds: [], groupIds: [] }
    : {
        all: false,
        screenIds: [...new Set(targets.screenIds ?? [])],
        groupIds: [...new Set(targets.groupIds ?? [])],
      };

export function ruleOf(row: AlertRuleRow): AlertRule {
  return {
    id: row.id,
    orgId: row.org_id,
    name: row.name,
    targets: parseTargets(row.targets),
    offlineAfterSeconds: row.offline_after_seconds,
    notifyRecovery: row.notify_recovery === 1,
    webhookIds: parseStringList(row.webhook_ids),
    emails: parseStringList(row.emails),
  };
}

/** A rule as its audit entries show it (before and after a change). */
function audited(row: AlertRuleRow) {
  const { id: _id, orgId: _orgId, ...rule } = ruleOf(row);
  return rule;
}

function viewOf(row: AlertRuleRow): AlertRuleView {
  const { id, name, targets, offlineAfterSeconds, notifyRecovery, webhookIds, emails } = ruleOf(row);
  return {
    id,
    name,
    targets,
    offlineAfterSeconds,
    notifyRecovery,
    webhookIds,
    emails,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class AlertRuleService {
  private readonly db: Kysely<Database>;

  constructor(private readonly options: AlertRuleServiceOptions) {
    this.db = options.db;
  }

  async create(by: Changer, input: AlertRuleRequest): Promise<AlertRuleView> {
    const { orgId } = by;
    const targets = normalTargets(input.targets);
    await this.check(orgId, targets, input.webhookIds ?? []);
    const now = this.options.clock();
    const row: AlertRuleRow = {
      id: newId(now),
      org_id: orgId,
      name: input.name,
      targets: JSON.stringify(targets),
      offline_after_seconds: input.offlineAfterSeconds,
      notify_recovery: input.notifyRecovery ? 1 : 0,
      webhook_ids: JSON.stringify(input.webhookIds ?? []),
      emails: JSON.stringify(input.emails ?? []),
      created_at: now,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('alert_rules').values(row).execute();
      const target = { type: 'alertRule', id: row.id };
      await recordChange(trx, by, { action: 'alertRule.create', target, after: audited(row) }, now);
    });
    return viewOf(row);
  }

  async list(orgId: string): Promise<AlertRuleView[]> {
    const rows = await this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map(viewOf);
  }

  async get(orgId: string, id: string): Promise<AlertRuleView> {
    return viewOf(await this.find(orgId, id));
  }

  async update(by: Changer, id: string, patch: AlertRulePatch): Promise<AlertRuleView> {
    const { orgId } = by;
    const row = await this.find(orgId, id);
    const targets = patch.targets === undefined ? undefined : normalTargets(patch.targets);
    await this.check(orgId, targets ?? { all: true, screenIds: [], groupIds: [] }, patch.webhookIds ?? []);
    const changes: Partial<AlertRuleRow> = {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(targets === undefined ? {} : { targets: JSON.stringify(targets) }),
      ...(patch.offlineAfterSeconds === undefined
        ? {}
        : { offline_after_seconds: patch.offlineAfterSeconds }),
      ...(patch.notifyRecovery === undefined
        ? {}
        : { notify_recovery: patch.notifyRecovery ? (1 as const) : (0 as const) }),
      ...(patch.webhookIds === undefined ? {} : { webhook_ids: JSON.stringify(patch.webhookIds) }),
      ...(patch.emails === undefined ? {} : { emails: JSON.stringify(patch.emails) }),
      updated_at: this.options.clock(),
    };
    const updated = { ...row, ...changes };
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('alert_rules').set(changes).where('id', '=', row.id).execute();
      const change = {
        action: 'alertRule.update',
        target: { type: 'alertRule', id: row.id },
        before: audited(row),
        after: audited(updated),
      };
      await recordChange(trx, by, change, updated.updated_at);
    });
    return viewOf(updated);
  }

  async delete(by: Changer, id: string): Promise<{ deleted: string }> {
    const row = await this.find(by.orgId, id);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('alert_rules').where('id', '=', row.id).execute();
      const change = {
        action: 'alertRule.delete',
        target: { type: 'alertRule', id: row.id },
        before: audited(row),
      };
      await recordChange(trx, by, change, this.options.clock());
    });
    return { deleted: row.id };
  }

  /** Every rule, of every organisation (the engine's view). */
  async all(): Promise<AlertRule[]> {
    return (await this.db.selectFrom('alert_rules').selectAll().execute()).map(ruleOf);
  }

  private async find(orgId: string, id: string): Promise<AlertRuleRow> {
    const row = await this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (row === undefined) throw notFound('ALERT_RULE_NOT_FOUND', `No alert rule ${id} in your organisation`);
    return row;
  }

  private async check(orgId: string, targets: Targets, webhookIds: readonly string[]): Promise<void> {
    await this.options.groups.checkTargets(orgId, targets);
    if (webhookIds.length === 0 || this.options.unknownWebhooks === undefined) return;
    const unknown = new Set(await this.options.unknownWebhooks(orgId, webhookIds));
    const index = webhookIds.findIndex((id) => unknown.has(id));
    if (index >= 0)
      throw invalid(
        'UNKNOWN_WEBHOOK',
        `No webhook ${webhookIds[index]} in your organisation`,
        `webhookIds.${index}`,
      );
  }
}
