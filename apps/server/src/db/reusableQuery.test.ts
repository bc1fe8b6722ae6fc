// A query compiled once and run again with other values, on each engine, on the database and inside a transaction.

import { expect, it } from 'vitest';
import { describeOnBothEngines } from '../../test/harness/databases';
import { reusableQuery } from './reusableQuery';

describeOnBothEngines('a reusable query', (database) => {
  it('is built once and answers each run with its own values, constants kept', async () => {
    const { db } = database();
    await db
      .insertInto('realtime_documents')
      .values([
        { path: 'players/a', revision: 3, value: '{"a":1}', updated_at: 1 },
        { path: 'players/b', revision: 7, value: '{"b":2}', updated_at: 1 },
        { path: 'players/c', revision: 9, value: '{"c":3}', updated_at: 1 },
      ])
      .execute();
    let builds = 0;
    const revisionAbove = reusableQuery(db, 2, (db, path: string, floor: number) => {
      builds++;
      return db
        .selectFrom('realtime_documents')
        .select(['path', 'revision'])
        .where('path', '=', path)
        .where('revision', '>', floor)
        .where('path', '!=', 'players/c'); // a constant of the query, not an argument
    });
    expect((await revisionAbove(db, 'players/a', 1)).rows).toEqual([{ path: 'players/a', revision: 3 }]);
    expect((await revisionAbove(db, 'players/b', 1)).rows).toEqual([{ path: 'players/b', revision: 7 }]);
    expect((await revisionAbove(db, 'players/b', 7)).rows).toEqual([]);
    expect((await revisionAbove(db, 'players/c', 1)).rows).toEqual([]);
    // Inside a transaction it sees the transaction's own writes.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('realtime_documents')
        .set({ revision: 8 })
        .where('path', '=', 'players/b')
        .execute();
      expect((await revisionAbove(trx, 'players/b', 7)).rows).toEqual([{ path: 'players/b', revision: 8 }]);
    });
    expect(builds).toBe(1);
  });

  it('refuses an argument used as anything but a bound value', async () => {
    const { db } = database();
    const byColumn = reusableQuery(db, 1, (db, column: string) =>
      db
        .selectFrom('realtime_documents')
        .select('path')
        .where(column as 'path', '=', 'x'),
    );
    await expect(async () => byColumn(db, 'path')).rejects.toThrow(/not bound as values/);
  });
});
