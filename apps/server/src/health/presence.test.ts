// Presence read in pages (docs/screen-health.md §The monitor), on both engines: every paired screen once, with its
// connection record and heartbeat, whatever the page size; other organisations' screens only without a filter.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { setConnection } from '../../test/harness/health';
import { pairedScreen, signUpOperator, type TestOperator } from '../../test/harness/management';
import { readPresence } from './presence';

describe.each(['sqlite', 'postgres'] as const)('presence pages (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let mine: TestOperator;
  const myScreens: string[] = [];
  let connectedPlayer = '';

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null });
    mine = await signUpOperator(test.app, 'Paged Org');
    const theirs = await signUpOperator(test.app, 'Other Org');
    for (const name of ['A', 'B', 'C', 'D', 'E']) {
      const screen = await pairedScreen(test.app, mine, name);
      myScreens.push(screen.screenId);
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
    const { db, dialect } = database.handle;
    const whole = await readPresence(db, dialect, mine.orgId);
    for (const pageSize of [1, 2, 5, 6]) {
      const paged = await readPresence(db, dialect, mine.orgId, pageSize);
      expect(paged.map((screen) => screen.screenId).sort()).toEqual([...myScreens].sort());
      expect(paged).toEqual(whole);
    }
    expect(whole.filter((screen) => screen.connected).map((screen) => screen.name)).toEqual(['C']);
    expect(await readPresence(db, dialect, undefined, 2)).toHaveLength(6);
  });
});
