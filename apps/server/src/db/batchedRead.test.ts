// A batched read on each engine: each call answers its own rows and sees what was committed before it. On SQLite
// the reads of one turn run together, a bounded batch per turn, and never wait behind the queries queued for
// Kysely's connection: a reconnecting fleet's authentications are not served after everyone's other queries.

import { expect, it } from 'vitest';
import { describeOnBothEngines, openTestDatabase } from '../../test/harness/databases';
import { batchedRead } from './batchedRead';
import type { DatabaseHandle } from './database';
import { MAX_TURN_BATCH } from './sqliteTurnBatch';

const documentRow = (database: DatabaseHandle) =>
  batchedRead(database, 1, (db, path: string) =>
    db.selectFrom('realtime_documents').select(['path', 'revision']).where('path', '=', path),
  );

describeOnBothEngines('a batched read', (database, engine) => {
  it('answers each call with its own rows, committed writes included', async () => {
    const handle = database();
    await handle.db
      .insertInto('realtime_documents')
      .values([
        { path: 'players/a', revision: 3, value: '{}', updated_at: 1 },
        { path: 'players/b', revision: 7, value: '{}', updated_at: 1 },
      ])
      .execute();
    const read = documentRow(handle);
    expect(await Promise.all(['players/a', 'players/b', 'players/none'].map((path) => read(path)))).toEqual([
      [{ path: 'players/a', revision: 3 }],
      [{ path: 'players/b', revision: 7 }],
      [],
    ]);
    await handle.db
      .updateTable('realtime_documents')
      .set({ revision: 8 })
      .where('path', '=', 'players/b')
      .execute();
    expect(await read('players/b')).toEqual([{ path: 'players/b', revision: 8 }]);
  });

  if (engine !== 'sqlite') return;

  it('runs a bounded batch per turn, letting the event loop turn in between', async () => {
    const read = documentRow(database());
    const count = MAX_TURN_BATCH * 2 + 10;
    let answered = 0;
    const reads = Array.from({ length: count }, (_, index) =>
      read(`players/p${index}`).then(() => answered++),
    );
    const answeredAtTurn: number[] = [];
    const turn = () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          answeredAtTurn.push(answered);
          resolve();
        }),
      );
    await turn();
    await turn();
    await Promise.all(reads);
    expect(answeredAtTurn).toEqual([MAX_TURN_BATCH, MAX_TURN_BATCH * 2]);
    expect(answered).toBe(count);
  });

  it('is answered while thousands of Kysely queries wait for the connection', async () => {
    const handle = database();
    const read = documentRow(handle);
    let queriesDone = 0;
    const queries = Array.from({ length: 5000 }, () =>
      handle.db
        .selectFrom('realtime_documents')
        .select('path')
        .where('path', '=', 'players/a')
        .execute()
        .then(() => queriesDone++),
    );
    await read('players/a');
    expect(queriesDone).toBeLessThan(queries.length / 2);
    await Promise.all(queries);
  });
});

it('fails its call, not the process, once the SQLite database is closed', async () => {
  const test = await openTestDatabase('sqlite');
  const read = documentRow(test.handle);
  await test.dispose();
  await expect(read('players/a')).rejects.toThrow(/closed/);
});
