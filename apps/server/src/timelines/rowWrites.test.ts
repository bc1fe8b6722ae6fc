// A refresh writes the rows of screens read alike in one statement (docs/schedules.md §Propagation). A screen whose
// row changes between the refresh's read and its write (an operator edits its content meanwhile) must keep that
// edit: it is refreshed again from a fresh read, and the screens beside it in the statement are written.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { restoreArrays } from '@marquee/protocol';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { pairedScreen, playerDoc, signUpOperator, type PairedScreen } from '../../test/harness/management';
import type { Database } from '../db/schema';
import { MediaCatalog, type MediaRef } from '../media/mediaCatalog';
import { TimelineService } from './timelineService';

/** The real catalog, running `meanwhile` once when the refresh looks up its media: after it read the rows. */
class CatalogWithAnEditMeanwhile extends MediaCatalog {
  meanwhile: (() => Promise<void>) | null = null;

  constructor(db: Kysely<Database>) {
    super(db);
  }

  override async refs(orgId: string, ids: readonly string[]): Promise<Map<string, MediaRef>> {
    const edit = this.meanwhile;
    this.meanwhile = null;
    await edit?.();
    return super.refs(orgId, ids);
  }
}

interface AppData {
  version: number;
  items: Array<{ src: string }>;
}

describe('row writes of a refresh', () => {
  let test: TestApp;
  let api: Api;
  let orgId: string;
  const screens: PairedScreen[] = [];

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null });
    const operator = await signUpOperator(test.app, 'Rows');
    orgId = operator.orgId;
    api = operatorApi(test.app, operator);
    for (const name of ['A', 'B', 'C']) screens.push(await pairedScreen(test.app, operator, name));
    for (const screen of screens) {
      await ok(api('PATCH', `/screens/${screen.screenId}`, { content: 'https://example.com/lobby' }));
    }
  });
  afterAll(async () => {
    await test.close();
  });

  const appData = async (screen: PairedScreen): Promise<AppData> => {
    const doc = restoreArrays((await playerDoc(test.app, screen.player.id)) as never) as unknown;
    return (doc as { app: { data: AppData } }).app.data;
  };

  it('keeps an edit made between the read and the write, and writes the rows read alike beside it', async () => {
    const { db, documents } = test.app.services;
    const catalog = new CatalogWithAnEditMeanwhile(db);
    const timelines = new TimelineService({
      db,
      documents,
      media: catalog,
      clock: test.clock,
      publicUrl: test.config.publicUrl,
    });
    const before = await Promise.all(screens.map(appData));
    const b = screens[1]!;
    catalog.meanwhile = async () => {
      await ok(api('PATCH', `/screens/${b.screenId}`, { content: 'https://example.com/edited' }));
    };
    const raised = await timelines.refresh(
      orgId,
      screens.map((screen) => screen.screenId),
      { reissue: true },
    );
    expect(catalog.meanwhile).toBeNull();
    // A and C: issued again, same version (nothing they show changed). B: the edit, once, not undone.
    expect(raised).toBe(0);
    const after = await Promise.all(screens.map(appData));
    expect(after[0]!.version).toBe(before[0]!.version);
    expect(after[2]!.version).toBe(before[2]!.version);
    expect(after[1]!.version).toBe(before[1]!.version + 1);
    expect(after[1]!.items.map((item) => item.src)).toEqual(['https://example.com/edited']);
    const row = await db
      .selectFrom('screens')
      .select('content')
      .where('id', '=', b.screenId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.content).items).toEqual([
      expect.objectContaining({ src: 'https://example.com/edited' }),
    ]);
  });
});
