// Presence read in pages (docs/screen-health.md §The monitor), on both engines: every paired screen once, with its
// connection record and heartbeat, whatever the page size; other organisations' screens only without a filter. A
// reader kept between sweeps sees every change of a connection record and reads again only the documents written.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { setConnection } from '../../test/harness/health';
import { pairedScreen, signUpOperator, type TestOperator } from '../../test/harness/management';
import { PresenceReader } from './presence';

/** One read with nothing remembered, as a sweeping node's first sweep. */
const readPresence = (database: DatabaseHandle, orgId?: string, pageSize?: number) =>
  new PresenceReader(database.db, database.dialect, pageSize).read(orgId);

describe.each(['sqlite', 'postgres'] as const)('presence pages (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let mine: TestOperator;
  const myScreens: string[] = [];
  let connectedPlayer = '';
  const players = new Map<string, string>();

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null });
    mine = await signUpOperator(test.app, 'Paged Org');
    const theirs = await signUpOperator(test.app, 'Other Org');
    for (const name of ['A', 'B', 'C', 'D', 'E']) {
      const screen = await pairedScreen(test.app, mine, name);
      myScreens.push(screen.screenId);
      players.set(name, screen.player.id);
      if (name === 'C') connectedPlayer = screen.player.id;
    }
    await pairedScreen(test.app, theirs, 'Elsewhere');
    await setConnection(test.app, connectedPlayer, true, test.clock());
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  it('reads every screen once across pages, with its connection', async () => {
    const whole = await readPresence(database.handle, mine.orgId);
    for (const pageSize of [1, 2, 5, 6]) {
      const paged = await readPresence(database.handle, mine.orgId, pageSize);
      expect(paged.map((screen) => screen.screenId).sort()).toEqual([...myScreens].sort());
      expect(paged).toEqual(whole);
    }
    expect(whole.filter((screen) => screen.connected).map((screen) => screen.name)).toEqual(['C']);
    expect(await readPresence(database.handle, undefined, 2)).toHaveLength(6);
  });

  it('a kept reader follows every connection change and reads a document again only when its revision moved', async () => {
    const { db, dialect } = database.handle;
    const reader = new PresenceReader(db, dialect, 2);
    const connected = async (read: Promise<Awaited<ReturnType<PresenceReader['read']>>>) =>
      (await read).filter((screen) => screen.connected).map((screen) => screen.name);
    expect(await connected(reader.read(mine.orgId))).toEqual(['C']);

    const at = test.clock();
    await setConnection(test.app, players.get('C')!, false, at);
    await setConnection(test.app, players.get('A')!, true, at);
    const now = await reader.read();
    expect(now.filter((screen) => screen.connected).map((screen) => screen.name)).toEqual(['A']);
    expect(now.find((screen) => screen.name === 'C')).toMatchObject({
      connectedAt: null,
      disconnectedAt: at,
    });

    // B's record rewritten in place, its revision unchanged: the kept reader does not read it again, a new one does.
    const path = `players/${players.get('B')!}`;
    const row = await db
      .selectFrom('realtime_documents')
      .select('value')
      .where('path', '=', path)
      .executeTakeFirstOrThrow();
    const document = JSON.parse(row.value) as Record<string, unknown>;
    document.connection = { connected: true, connected_at: at, disconnected_at: null, id: 'behind-its-back' };
    await db
      .updateTable('realtime_documents')
      .set({ value: JSON.stringify(document) })
      .where('path', '=', path)
      .execute();
    expect(await connected(reader.read(mine.orgId))).toEqual(['A']);
    expect(await connected(readPresence(database.handle, mine.orgId))).toEqual(['A', 'B']);

    // The next write to B's document moves its revision: the kept reader reads it.
    await setConnection(test.app, players.get('B')!, false, at);
    expect(await connected(reader.read(mine.orgId))).toEqual(['A']);
  });
});
