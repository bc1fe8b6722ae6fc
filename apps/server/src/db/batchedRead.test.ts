// A batched read on each engine: each call answers its own rows and sees what was committed before it. On SQLite
// the reads of one turn run together, a bounded batch per turn, and never wait behind the queries queued for
// Kysely's connection: a reconnecting fleet's authentications are not served after everyone's other queries.

import type { CompiledQuery, Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnBothEngines, openTestDatabase } from '../../test/harness/databases';
import { batchedRead } from './batchedRead';
import type { DatabaseHandle } from './database';
import { MAX_TURN_BATCH } from './sqliteTurnBatch';

/** `db`, counting the queries it executes. */
function countingQueries<DB>(db: Kysely<DB>): { db: Kysely<DB>; count: () => number } {
  let count = 0;
  const counted = new Proxy(db, {
    get(target, property) {
      if (property === 'executeQuery') {
        return (query: CompiledQuery) => {
          count++;
          return target.executeQuery(query);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: counted, count: () => count };
}

const documentRow = (database: Pick<DatabaseHandle, 'db' | 'sqlite'>) =>
  batchedRead(database, {
    one: (db, path) =>
      db.selectFrom('realtime_documents').select(['path', 'revision']).where('path', '=', path),
    many: (db, paths) =>
      db
        .selectFrom('realtime_documents')
        .select(['path', 'revision'])
        .where('path', '=', (eb) => eb.fn.any(eb.val(paths))),
    keyOf: (row) => row.path,
  });

/** Stores empty documents at these paths, with these revisions. */
async function storeDocuments(handle: DatabaseHandle, revisions: Record<string, number>): Promise<void> {
  await handle.db
    .insertInto('realtime_documents')
    .values(
      Object.entries(revisions).map(([path, revision]) => ({ path, revision, value: '{}', updated_at: 1 })),
    )
    .execute();
}

describeOnBothEngines('a batched read', (database, engine) => {
  it('answers each call with its own rows, committed writes included', async () => {
    const handle = database();
    await storeDocuments(handle, { 'players/a': 3, 'players/b': 7 });
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

  it('answers the reads of one turn with one query on PostgreSQL, each call its own rows', async () => {
    const handle = database();
    await storeDocuments(handle, { 'players/turn-a': 1, 'players/turn-b': 2 });
    const queries = countingQueries(handle.db);
    const read = documentRow({ ...handle, db: queries.db });
    const paths = ['players/turn-a', 'players/turn-b', 'players/turn-a', 'players/turn-none'];
    const answers = await Promise.all(paths.map((path) => read(path)));
    expect(answers).toEqual([
      [{ path: 'players/turn-a', revision: 1 }],
      [{ path: 'players/turn-b', revision: 2 }],
      [{ path: 'players/turn-a', revision: 1 }],
      [],
    ]);
    expect(answers[0]).not.toBe(answers[2]);
    // One per turn on PostgreSQL; SQLite runs its reads on the raw connection, without Kysely.
    expect(queries.count()).toBe(engine === 'postgres' ? 1 : 0);
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
