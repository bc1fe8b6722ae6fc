// The webhook check of alert rules against a `webhooks` table shaped like the webhook service's (id, org_id), on
// both engines: another organisation's webhook is unknown like one that does not exist.

import { beforeAll, expect, it } from 'vitest';
import { describeOnBothEngines } from '../../test/harness/databases';
import { DomainError } from '../domain/errors';
import { AlertRuleService } from './alertRuleService';
import { webhooksTableLookup } from './webhookLookup';

describeOnBothEngines('alert rules: webhook lookup', (database) => {
  beforeAll(async () => {
    const { db } = database();
    await db.schema
      .createTable('webhooks')
      .ifNotExists()
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .execute();
    await db
      .insertInto('webhooks' as never)
      .values([
        { id: 'w-mine', org_id: 'mine' },
        { id: 'w-theirs', org_id: 'theirs' },
      ] as never)
      .execute();
  });

  it("names the ids that are not the organisation's", async () => {
    const unknown = webhooksTableLookup(database().db);
    expect(await unknown('mine', ['w-mine', 'w-theirs', 'w-none'])).toEqual(['w-theirs', 'w-none']);
    expect(await unknown('mine', ['w-mine'])).toEqual([]);
  });

  it('a rule naming a webhook the organisation does not have is refused, naming it, and not stored', async () => {
    const { db } = database();
    await db
      .insertInto('orgs')
      .values({
        id: 'mine',
        name: 'Mine',
        allow_clone_screen_by_hardware_id: 0,
        exempt_from_duplicate_checks: 0,
        created_at: 0,
      })
      .execute();
    const rules = new AlertRuleService({
      db,
      clock: () => 0,
      groups: { checkTargets: async () => {} },
      unknownWebhooks: webhooksTableLookup(db),
    });
    const input = {
      name: 'Lobby',
      targets: { all: true as const },
      offlineAfterSeconds: 120,
      notifyRecovery: true,
    };
    const refused = await rules
      .create('mine', { ...input, webhookIds: ['w-mine', 'w-theirs'] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'UNKNOWN_WEBHOOK', field: 'webhookIds.1' });
    expect(await rules.list('mine')).toEqual([]);
    expect((await rules.create('mine', { ...input, webhookIds: ['w-mine'] })).webhookIds).toEqual(['w-mine']);
  });
});
