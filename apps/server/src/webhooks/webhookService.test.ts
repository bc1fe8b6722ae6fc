// The event sink (docs/webhooks.md §Events): an emit stores one delivery per target before it resolves, to the
// subscribers of the event or to exactly the webhooks named, never another organisation's; the same event id
// emitted twice (two nodes noticing one thing) is stored once. On both engines.

import { expect, it } from 'vitest';
import { testClock } from '../../test/harness/app';
import { describeOnBothEngines } from '../../test/harness/databases';
import { newId } from '../ids';
import { WebhookService } from './webhookService';
import { testChanger } from '../../test/harness/changer';

describeOnBothEngines('webhook event sink', (database) => {
  const db = () => database().db;
  const clock = testClock();
  let stored = 0;
  const service = () => new WebhookService({ db: db(), clock, onStored: () => stored++ });

  async function newOrg(): Promise<string> {
    const id = newId();
    await db()
      .insertInto('orgs')
      .values({
        id,
        name: 'Org',
        allow_clone_screen_by_hardware_id: 0,
        exempt_from_duplicate_checks: 0,
        created_at: 0,
      })
      .execute();
    return id;
  }
  const deliveries = (orgId: string) =>
    db()
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy('webhook_id')
      .execute();

  it('stores one delivery per subscribed webhook of the organisation, before resolving', async () => {
    const [org, other] = [await newOrg(), await newOrg()];
    const webhooks = service();
    const offline = await webhooks.create(testChanger(org), {
      url: 'http://10.0.0.1/a',
      events: ['screen.offline'],
    });
    const both = await webhooks.create(testChanger(org), {
      url: 'http://10.0.0.1/b',
      events: ['screen.online', 'screen.offline'],
    });
    await webhooks.create(testChanger(org), { url: 'http://10.0.0.1/c', events: ['screen.online'] });
    await webhooks.create(testChanger(other), { url: 'http://10.0.0.1/d', events: ['screen.offline'] });
    const before = stored;
    await webhooks.emit(org, 'screen.offline', { screenId: 's' });
    const rows = await deliveries(org);
    expect(rows.map((row) => row.webhook_id).sort()).toEqual([offline.id, both.id].sort());
    expect(rows.every((row) => row.state === 'pending' && row.next_attempt_at === clock())).toBe(true);
    expect(new Set(rows.map((row) => row.event_id)).size).toBe(1);
    expect(await deliveries(other)).toEqual([]);
    expect(stored).toBe(before + 1);
  });

  it('with webhookIds, delivers to exactly those of the organisation, whatever they subscribe to', async () => {
    const [org, other] = [await newOrg(), await newOrg()];
    const webhooks = service();
    const named = await webhooks.create(testChanger(org), {
      url: 'http://10.0.0.1/a',
      events: ['screen.online'],
    });
    await webhooks.create(testChanger(org), { url: 'http://10.0.0.1/b', events: ['screen.offline'] });
    const foreign = await webhooks.create(testChanger(other), {
      url: 'http://10.0.0.1/c',
      events: ['screen.offline'],
    });
    await webhooks.emit(
      org,
      'screen.offline',
      { rule: 'r1' },
      { webhookIds: [named.id, foreign.id, 'gone'] },
    );
    expect((await deliveries(org)).map((row) => row.webhook_id)).toEqual([named.id]);
    expect(await deliveries(other)).toEqual([]);
    await webhooks.emit(org, 'screen.offline', {}, { webhookIds: [] });
    expect(await deliveries(org)).toHaveLength(1);
  });

  it('emitMany stores each event to its subscribers, in statements of at most 500 rows, once per event id', async () => {
    const org = await newOrg();
    const webhooks = service();
    const offline = await webhooks.create(testChanger(org), {
      url: 'http://10.0.0.1/a',
      events: ['screen.offline'],
    });
    const online = await webhooks.create(testChanger(org), {
      url: 'http://10.0.0.1/b',
      events: ['screen.online'],
    });
    // A fleet back after an outage: more deliveries than one statement takes, and one event sent twice.
    const events = Array.from({ length: 600 }, (_, index) => ({
      event: index % 3 === 0 ? ('screen.offline' as const) : ('screen.online' as const),
      data: { screenId: `s${index}` },
      eventId: `health-${index}`,
    }));
    const before = stored;
    await webhooks.emitMany(org, events);
    await webhooks.emitMany(org, [{ ...events[1]!, data: { screenId: 'again' } }]);
    const rows = await deliveries(org);
    expect(rows).toHaveLength(600);
    expect(rows.filter((row) => row.webhook_id === offline.id)).toHaveLength(200);
    const first = rows.find((row) => row.event_id === 'health-1')!;
    expect(first.webhook_id).toBe(online.id);
    expect(JSON.parse(first.body)).toEqual({
      id: 'health-1',
      event: 'screen.online',
      createdAt: clock(),
      data: { screenId: 's1' },
    });
    expect(stored).toBe(before + 2);
    const none = await newOrg();
    await webhooks.emitMany(none, events);
    expect(await deliveries(none)).toEqual([]);
  });

  it('the same event id emitted twice, even by two instances, is stored once', async () => {
    const org = await newOrg();
    await service().create(testChanger(org), { url: 'http://10.0.0.1/a', events: ['fleet.incident'] });
    const eventId = `incident-${newId()}`;
    await Promise.all([
      service().emit(org, 'fleet.incident', { offline: 30 }, { eventId }),
      service().emit(org, 'fleet.incident', { offline: 31 }, { eventId }),
    ]);
    await service().emit(org, 'fleet.incident', { offline: 32 }, { eventId });
    const rows = await deliveries(org);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.event_id).toBe(eventId);
  });

  it('a stored events list that is not what it should be subscribes to nothing and breaks no listing', async () => {
    const org = await newOrg();
    const webhooks = service();
    const broken = await webhooks.create(testChanger(org), {
      url: 'http://10.0.0.1/a',
      events: ['screen.offline'],
    });
    await db().updateTable('webhooks').set({ events: '{not json' }).where('id', '=', broken.id).execute();
    expect((await webhooks.list(org))[0]!.events).toEqual([]);
    await webhooks.emit(org, 'screen.offline', {});
    expect(await deliveries(org)).toEqual([]);
  });
});
