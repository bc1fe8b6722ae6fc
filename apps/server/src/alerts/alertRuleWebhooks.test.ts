// An alert rule's webhookIds are checked against the organisation's webhooks (WebhookService.unknownIds), on both
// engines: another organisation's webhook is refused like one that does not exist, and nothing is stored.

import { expect, it } from 'vitest';
import { describeOnBothEngines } from '../../test/harness/databases';
import { DomainError } from '../domain/errors';
import { WebhookService } from '../webhooks/webhookService';
import { AlertRuleService } from './alertRuleService';
import { testChanger } from '../../test/harness/changer';

describeOnBothEngines('alert rules: their webhooks', (database) => {
  it('a rule naming a webhook the organisation does not have is refused, naming it, and not stored', async () => {
    const { db } = database();
    for (const id of ['mine', 'theirs']) {
      await db
        .insertInto('orgs')
        .values({
          id,
          name: id,
          allow_clone_screen_by_hardware_id: 0,
          exempt_from_duplicate_checks: 0,
          created_at: 0,
        })
        .execute();
    }
    const webhooks = new WebhookService({ db, clock: () => 1_000 });
    const hookInput = { url: 'http://127.0.0.1:9/hook', events: ['screen.offline' as const] };
    const mine = await webhooks.create(testChanger('mine'), hookInput);
    const theirs = await webhooks.create(testChanger('theirs'), hookInput);
    expect(await webhooks.unknownIds('mine', [mine.id, theirs.id, 'nope'])).toEqual([theirs.id, 'nope']);

    const rules = new AlertRuleService({
      db,
      clock: () => 0,
      groups: { checkTargets: async () => {} },
      unknownWebhooks: (orgId, ids) => webhooks.unknownIds(orgId, ids),
    });
    const input = {
      name: 'Lobby',
      targets: { all: true as const },
      offlineAfterSeconds: 120,
      notifyRecovery: true,
    };
    const refused = await rules
      .create(testChanger('mine'), { ...input, webhookIds: [mine.id, theirs.id] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'UNKNOWN_WEBHOOK', field: 'webhookIds.1' });
    expect(await rules.list('mine')).toEqual([]);
    expect((await rules.create(testChanger('mine'), { ...input, webhookIds: [mine.id] })).webhookIds).toEqual(
      [mine.id],
    );
  });
});
