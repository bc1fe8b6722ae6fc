// Finished deliveries are deleted with their attempts 30 days after their event; recent ones and pending ones stay.
// The worker prunes as it runs, at most hourly. On both engines.

import { expect, it } from 'vitest';
import { testClock } from '../../test/harness/app';
import { describeOnBothEngines } from '../../test/harness/databases';
import type { WebhookDeliveryState } from '../db/schema';
import { newId } from '../ids';
import { DELIVERY_RETENTION_MS, pruneDeliveries } from './deliveryRetention';
import { DeliveryWorker } from './deliveryWorker';
import { WebhookService } from './webhookService';
import { testChanger } from '../../test/harness/changer';

const DAY_MS = 24 * 60 * 60 * 1000;

describeOnBothEngines('webhook delivery retention', (database) => {
  const db = () => database().db;

  /** An organisation with one webhook and deliveries of the given age and state, each with one attempt. */
  async function deliveries(now: number, rows: [ageMs: number, state: WebhookDeliveryState][]) {
    const orgId = newId();
    await db()
      .insertInto('orgs')
      .values({
        id: orgId,
        name: 'Org',
        allow_clone_screen_by_hardware_id: 0,
        exempt_from_duplicate_checks: 0,
        created_at: 0,
      })
      .execute();
    const clock = testClock(now);
    const service = new WebhookService({ db: db(), clock });
    const webhook = await service.create(testChanger(orgId), {
      url: 'http://10.0.0.1/h',
      events: ['screen.offline'],
    });
    const ids: string[] = [];
    for (const [age, state] of rows) {
      clock.set(now - age);
      const eventId = newId();
      await service.emit(orgId, 'screen.offline', {}, { eventId });
      const { id } = await db()
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow();
      await db().updateTable('webhook_deliveries').set({ state }).where('id', '=', id).execute();
      await db()
        .insertInto('webhook_attempts')
        .values({
          id: newId(),
          delivery_id: id,
          attempted_at: now - age,
          status_code: 200,
          error: null,
          duration_ms: 1,
          next_retry_at: null,
        })
        .execute();
      ids.push(id);
    }
    const left = async () =>
      (
        await db()
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('webhook_id', '=', webhook.id)
          .execute()
      )
        .map((row) => ids.indexOf(row.id))
        .sort();
    const attemptsLeft = async () =>
      (await db().selectFrom('webhook_attempts').select('id').where('delivery_id', 'in', ids).execute())
        .length;
    return { left, attemptsLeft };
  }

  it('deletes finished deliveries older than 30 days with their attempts, and keeps the rest', async () => {
    const now = Date.UTC(2026, 5, 1);
    const { left, attemptsLeft } = await deliveries(now, [
      [DELIVERY_RETENTION_MS + DAY_MS, 'delivered'],
      [DELIVERY_RETENTION_MS + 1, 'failed'],
      [DELIVERY_RETENTION_MS - DAY_MS, 'delivered'],
      [DAY_MS, 'failed'],
      // Cannot happen (pending ones fail after 24 h), and is kept all the same: it may still be sent.
      [DELIVERY_RETENTION_MS + DAY_MS, 'pending'],
    ]);
    expect(await pruneDeliveries(db(), now)).toBeGreaterThanOrEqual(2);
    expect(await left()).toEqual([2, 3, 4]);
    expect(await attemptsLeft()).toBe(3);
  });

  it('the worker prunes as it runs', async () => {
    const now = Date.UTC(2026, 7, 1);
    const { left } = await deliveries(now, [
      [DELIVERY_RETENTION_MS + DAY_MS, 'delivered'],
      [DAY_MS, 'delivered'],
    ]);
    const worker = new DeliveryWorker({
      db: db(),
      clock: testClock(now),
      timers: { setTimeout: () => 0, clearTimeout: () => {} },
      onError: () => {},
    });
    await worker.runDue();
    expect(await left()).toEqual([1]);
    await worker.stop();
  });
});
