// GET /screens with its filters and pages (docs/management-api.md §Schedules and content library): a name search,
// a tag, a group (listed or matched by tags), a status, and cursor pages by name that give every screen exactly
// once, as the studio's screens list pages through 5,000 screens. On both engines (their LIKE differ).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerDocumentPath } from '@marquee/protocol';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { pairedScreen, signUpOperator, type PairedScreen } from '../../test/harness/management';
import { connectedRecord } from '../../test/harness/presence';
import { queryPlan, recordingDatabase } from '../../test/harness/queryPlans';
import { listScreens } from '../screens/screenList';

describe.each(['sqlite', 'postgres'] as const)('the screens list, filtered and paged (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let api: Api;
  const screens = new Map<string, PairedScreen>();
  let groupId: string;

  // Two screens share a name: pages order by name, then id.
  const NAMES = ['Kitchen 1', 'Kitchen 2', 'Lobby', 'Lobby', 'Bar 50%', 'Back office', 'Kitchen pass'];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null });
    const operator = await signUpOperator(test.app, 'Filters');
    api = operatorApi(test.app, operator);
    for (const [index, name] of NAMES.entries()) {
      screens.set(`${name}#${index}`, await pairedScreen(test.app, operator, name));
    }
    const id = (key: string) => screens.get(key)!.screenId;
    await ok(api('PATCH', `/screens/${id('Kitchen 1#0')}`, { tags: ['kitchen', 'ground'] }));
    await ok(api('PATCH', `/screens/${id('Kitchen 2#1')}`, { tags: ['kitchen'] }));
    await ok(
      api('POST', '/screens/tags', { screenIds: [id('Kitchen pass#6'), id('Lobby#2')], add: ['ground'] }),
    );
    groupId = (
      await ok(
        api('POST', '/groups', { name: 'Ground', screenIds: [id('Back office#5')], matchTags: ['ground'] }),
      )
    ).id;
    // Two players are connected.
    for (const key of ['Lobby#3', 'Kitchen 2#1']) {
      const { player } = screens.get(key)!;
      await test.app.services.documents.update(playerDocumentPath(player.id), {
        connection: connectedRecord('session'),
      });
    }
    // Another organisation's screen never shows up.
    await pairedScreen(test.app, await signUpOperator(test.app, 'Other'), 'Kitchen 3');
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const names = async (query: string) =>
    ((await ok(api('GET', `/screens?${query}`))).screens as { name: string }[]).map((screen) => screen.name);

  it('searches names case-insensitively, with % and _ taken literally', async () => {
    expect(await names('q=kitchen')).toEqual(['Kitchen 1', 'Kitchen 2', 'Kitchen pass']);
    expect(await names('q=50%25')).toEqual(['Bar 50%']);
    expect(await names('q=%25')).toEqual(['Bar 50%']);
    expect(await names('q=_')).toEqual([]);
  });

  it('filters by tag, by group (listed or matching its tags) and by status, together', async () => {
    expect(await names('tag=kitchen')).toEqual(['Kitchen 1', 'Kitchen 2']);
    expect(await names(`groupId=${groupId}`)).toEqual(['Back office', 'Kitchen 1', 'Kitchen pass', 'Lobby']);
    expect(await names('status=online')).toEqual(['Kitchen 2', 'Lobby']);
    expect(await names('status=offline')).toHaveLength(NAMES.length - 2);
    expect(await names(`groupId=${groupId}&q=kitchen&status=offline`)).toEqual(['Kitchen 1', 'Kitchen pass']);
    expect(await names('tag=nothere')).toEqual([]);
  });

  it('pages give every screen exactly once, in name order, with or without a filter', async () => {
    const all = (await ok(api('GET', '/screens'))).screens.map((screen: { id: string }) => screen.id);
    expect(all).toHaveLength(NAMES.length);
    for (const [query, expected] of [
      ['', all],
      [
        'status=offline',
        (await ok(api('GET', '/screens?status=offline'))).screens.map((s: { id: string }) => s.id),
      ],
    ] as const) {
      for (const limit of [1, 2, 3]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: { screens: { id: string }[]; nextCursor: string | null } = await ok(
            api('GET', `/screens?${query}&limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`),
          );
          expect(page.screens.length).toBeLessThanOrEqual(limit);
          seen.push(...page.screens.map((screen) => screen.id));
          cursor = page.nextCursor;
        } while (cursor !== null);
        expect(seen).toEqual(expected);
      }
    }
  });

  it('refuses a bad filter or cursor naming it', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['status=asleep', 'status'],
      ['tag=Not%20a%20tag', 'tag'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ]) {
      const answer = await api('GET', `/screens?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.field, query).toBe(field);
    }
  });
});

describe('a page of the screens list (sqlite)', () => {
  let database: TestDatabase;
  let test: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase('sqlite');
    test = await startTestApp({ database: database.handle, sweepTimers: null });
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  it('is read from the last page\u2019s position in name order, not from every screen of the organisation', async () => {
    const operator = await signUpOperator(test.app, 'Plans');
    for (const name of ['Lobby', 'Bar', 'Kitchen']) await pairedScreen(test.app, operator, name);
    // The page's query, as SQLite runs it on the app's connection.
    const { db, statements } = recordingDatabase(database.handle.sqlite!);
    const first = await listScreens({ db, documents: test.app.services.documents }, operator.orgId, {
      limit: 1,
    });
    expect(first.nextCursor).not.toBeNull();
    statements.length = 0;
    await listScreens({ db, documents: test.app.services.documents }, operator.orgId, {
      limit: 1,
      cursor: first.nextCursor!,
    });
    const details = queryPlan(database.handle.sqlite!, statements[0]!);
    expect(details).toMatch(/SEARCH screens USING INDEX \w+ \(org_id=\? AND \(name,id\)>\(\?,\?\)\)/);
    expect(details).not.toMatch(/TEMP B-TREE/);
  });
});
