// docs/teams.md §Audit log: reading the log back (newest first, cursor pages, filters by time, actor and target,
// one organisation only), stored before/after that is not JSON read as null, and the retention sweep with a faked
// clock and its timer driven by hand. On both engines.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@marquee/management-api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { handDrivenSweepTimers } from '../../test/harness/sweepTimers';
import { recordChange, type Changer } from './auditRecord';
import { AUDIT_RETENTION_SWEEP_MS } from './auditRetentionSweep';
import type { AuditService } from './auditService';

const DAY_MS = 24 * 60 * 60 * 1000;

const member = (orgId: string, id: string): Changer => ({
  orgId,
  actor: { kind: 'member', id, name: `${id}@example.com` },
  ip: '198.51.100.4',
});
const apiKey = (orgId: string, id: string): Changer => ({
  orgId,
  actor: { kind: 'apiKey', id, name: 'POS integration' },
  ip: null,
});

describe.each(['sqlite', 'postgres'] as const)('audit log: reading and retention (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let audit: AuditService;
  const { timers, runs } = handDrivenSweepTimers();
  /** The instant the seeded entries start from. */
  let start = 0;

  const seed = async (by: Changer, action: string, targetId: string, at: number) =>
    recordChange(
      test.app.services.db,
      by,
      { action, target: { type: 'playlist', id: targetId }, before: { n: 1 }, after: { n: 2 } },
      at,
    );
  /** Every page of `query`, followed by its cursors. */
  const allPages = async (orgId: string, query: Parameters<AuditService['list']>[1]) => {
    const pages: AuditEntry[][] = [];
    let cursor: string | undefined;
    do {
      const page = await audit.list(orgId, { ...query, ...(cursor === undefined ? {} : { cursor }) });
      pages.push(page.entries);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return pages;
  };

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({
      database: database.handle,
      sweepTimers: null,
      webhookTimers: null,
      auditRetentionTimers: timers,
      env: { MARQUEE_AUDIT_RETENTION_DAYS: '30' },
    });
    audit = test.app.services.audit;
    start = test.clock();
    // Org A: 7 entries by Ann over 7 minutes (two at the same instant), 2 by a key; org B: 3.
    for (let i = 0; i < 7; i += 1) {
      await seed(member('org-a', 'ann'), 'playlist.update', `pl-${i % 2}`, start + Math.min(i, 5) * 60_000);
    }
    await seed(apiKey('org-a', 'key-1'), 'playlist.create', 'pl-9', start + 10 * 60_000);
    await seed(apiKey('org-a', 'key-1'), 'playlist.delete', 'pl-9', start + 11 * 60_000);
    for (let i = 0; i < 3; i += 1) await seed(member('org-b', 'bob'), 'playlist.update', 'pl-0', start + i);
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  it('pages newest first by (at, id), each entry once, with an opaque cursor', async () => {
    const pages = await allPages('org-a', { limit: 2 });
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 2, 1]);
    const entries = pages.flat();
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(9);
    const order = entries.map((entry) => [entry.at, entry.id] as const);
    const sorted = [...order].sort((x, y) => y[0] - x[0] || (x[1] < y[1] ? 1 : x[1] > y[1] ? -1 : 0));
    expect(order).toEqual(sorted);
    expect(entries[0]).toEqual({
      id: expect.any(String),
      at: start + 11 * 60_000,
      actor: { kind: 'apiKey', id: 'key-1', name: 'POS integration' },
      action: 'playlist.delete',
      target: { type: 'playlist', id: 'pl-9' },
      before: { n: 1 },
      after: { n: 2 },
      ip: null,
    });
    // The default page is 50.
    expect((await audit.list('org-a', {})).entries).toHaveLength(9);
  });

  it('filters by time (inclusive), actor and target, and pages within the filter', async () => {
    const between = await audit.list('org-a', { from: start + 60_000, to: start + 5 * 60_000 });
    expect(between.entries.map((entry) => entry.at)).toEqual(
      [5, 5, 4, 3, 2, 1].map((minutes) => start + minutes * 60_000),
    );
    const byKey = await audit.list('org-a', { actor: 'key-1' });
    expect(byKey.entries.map((entry) => entry.action)).toEqual(['playlist.delete', 'playlist.create']);
    const onTarget = (await allPages('org-a', { target: 'pl-1', limit: 1 })).flat();
    expect(onTarget).toHaveLength(3);
    expect(onTarget.every((entry) => entry.target.id === 'pl-1')).toBe(true);
    expect((await audit.list('org-a', { actor: 'bob' })).entries).toEqual([]);
  });

  it("answers only the organisation's own entries", async () => {
    const theirs = (await allPages('org-b', { limit: 1 })).flat();
    expect(theirs.map((entry) => entry.actor.id)).toEqual(['bob', 'bob', 'bob']);
    expect((await audit.list('org-c', {})).entries).toEqual([]);
  });

  it('refuses a cursor it did not make and a time range that ends before it starts, naming the field', async () => {
    for (const cursor of [
      'nope',
      Buffer.from('[1]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
    ]) {
      await expect(audit.list('org-a', { cursor })).rejects.toMatchObject({
        kind: 'invalid',
        field: 'cursor',
      });
    }
    await expect(audit.list('org-a', { from: start + 2, to: start + 1 })).rejects.toMatchObject({
      kind: 'invalid',
      field: 'to',
    });
  });

  it('reads a stored before/after that is not JSON as null', async () => {
    const id = await seed(member('org-d', 'dee'), 'screen.update', 'sc-1', start);
    await test.app.services.db
      .updateTable('audit_log')
      .set({ before: '{not json', after: 'undefined' })
      .where('id', '=', id)
      .execute();
    const [entry] = (await audit.list('org-d', {})).entries;
    expect(entry).toMatchObject({ id, before: null, after: null, action: 'screen.update' });
  });

  it('deletes entries past the retention, hourly, and keeps the rest', async () => {
    expect(runs.map((entry) => entry.ms)).toEqual([AUDIT_RETENTION_SWEEP_MS]);
    const sweep = () => runs[0]!.run();
    const remaining = async () =>
      Number(
        (
          await test.app.services.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const total = await remaining();
    // 30 days after the first minute's entries: those older than 30 days go (the org B ones at start+0..2 ms,
    // org A's at start, and org D's), the later ones stay.
    test.clock.set(start + 30 * DAY_MS + 30_000);
    await sweep();
    const afterFirst = await remaining();
    expect(afterFirst).toBe(total - 3 - 1 - 1);
    expect((await audit.list('org-b', {})).entries).toEqual([]);
    expect((await audit.list('org-a', {})).entries).toHaveLength(8);

    test.clock.set(start + 31 * DAY_MS);
    await sweep();
    expect(await remaining()).toBe(0);
  });
});
