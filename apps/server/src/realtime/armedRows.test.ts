// The onDisconnect rows of live connections on each engine (armedRows.ts), and how the calls of one turn are
// written together: in one transaction on SQLite (db/sqliteTurnBatch.ts), one statement per kind on PostgreSQL
// (db/postgresTurnBatch.ts).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnBothEngines, openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { countTransactions } from '../../test/harness/sqliteTransactions';
import type { DatabaseHandle } from '../db/database';
import { MAX_TURN_BATCH } from '../db/sqliteTurnBatch';
import { newId } from '../ids';
import { armedRowsFor, PostgresArmedRows, SqliteArmedRows, type ArmedRow } from './armedRows';

function row(connectionId: string, overrides: Partial<ArmedRow> = {}): ArmedRow {
  return {
    id: newId(),
    node_id: 'node-a',
    connection_id: connectionId,
    player_id: 'p1',
    path: 'players/p1/connection',
    op: '{"seq":1,"action":"set","value":null,"principal":{"kind":"player","uid":"p1"}}',
    created_at: 1_700_000_000_000,
    ...overrides,
  };
}

async function stored(database: DatabaseHandle, connectionId: string) {
  return database.db
    .selectFrom('armed_disconnects')
    .select(['id', 'node_id'])
    .where('connection_id', '=', connectionId)
    .orderBy('id')
    .execute();
}

describeOnBothEngines('armed onDisconnect rows', (getDatabase, engine) => {
  it('persists, cancels by id, claims and deletes by connection', async () => {
    const database = getDatabase();
    const rows = armedRowsFor(database);
    const connection = newId();
    const [a, b, c] = [row(connection), row(connection), row(connection)];
    await rows.persist([a, b, c]);
    expect((await stored(database, connection)).map((r) => r.id)).toEqual([a.id, b.id, c.id].sort());

    await rows.cancel([b.id]);
    await rows.claim(connection, 'node-a~claim');
    expect(await stored(database, connection)).toEqual(
      [a.id, c.id].sort().map((id) => ({ id, node_id: 'node-a~claim' })),
    );

    await rows.deleteConnection(connection);
    expect(await stored(database, connection)).toEqual([]);
  });

  it('takes a row persisted again back for its node (after a lost lease)', async () => {
    const database = getDatabase();
    const rows = armedRowsFor(database);
    const connection = newId();
    const armed = row(connection);
    await rows.persist([armed]);
    await rows.claim(connection, 'node-b~adopted');
    await rows.persist([armed]);
    expect(await stored(database, connection)).toEqual([{ id: armed.id, node_id: 'node-a' }]);
  });

  it('fails a call the database refuses alone, writing the rest of its turn', async () => {
    const database = getDatabase();
    const rows = armedRowsFor(database);
    const connection = newId();
    const answers = await Promise.allSettled([
      rows.persist([row(connection)]),
      rows.persist([row(connection, { path: null as unknown as string })]), // NOT NULL
      rows.persist([row(connection)]),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const refusal = engine === 'sqlite' ? 'NOT NULL' : 'null value';
    expect(answers[1]).toMatchObject({ reason: { message: expect.stringContaining(refusal) } });
    expect(await stored(database, connection)).toHaveLength(2);
  });

  it('touches only the rows it names', async () => {
    const database = getDatabase();
    const rows = armedRowsFor(database);
    const [mine, other] = [newId(), newId()];
    await rows.persist([row(mine), row(other)]);
    await rows.claim(mine, 'node-a~claim');
    await rows.deleteConnection(mine);
    expect(await stored(database, other)).toMatchObject([{ node_id: 'node-a' }]);
  });
});

describe('armed onDisconnect rows on SQLite, a turn at a time', () => {
  let testDatabase: TestDatabase;
  let rows: SqliteArmedRows;

  beforeAll(async () => {
    testDatabase = await openTestDatabase('sqlite');
    const { db, sqlite } = testDatabase.handle;
    rows = new SqliteArmedRows(db, sqlite!);
  });
  afterAll(async () => {
    await testDatabase.dispose();
  });

  it(`commits the calls of one turn together, ${MAX_TURN_BATCH} per transaction, answering each once committed`, async () => {
    const transactions = countTransactions(testDatabase.handle.sqlite!);
    const connection = newId();
    let answered = 0;
    const calls = Array.from({ length: MAX_TURN_BATCH + 1 }, () =>
      rows.persist([row(connection)]).then(() => answered++),
    );
    expect(answered).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(transactions.count).toBe(1);
    expect(answered).toBe(MAX_TURN_BATCH);
    await Promise.all(calls);
    expect(transactions.count).toBe(2);
    transactions.restore();
    expect(await stored(testDatabase.handle, connection)).toHaveLength(MAX_TURN_BATCH + 1);
  });

  it('waits for a Kysely transaction open on the connection rather than writing inside it', async () => {
    const connection = newId();
    let persisted: Promise<void> | undefined;
    const rolledBack = testDatabase.handle.db.transaction().execute(async (trx) => {
      await trx.selectFrom('armed_disconnects').select('id').execute();
      persisted = rows.persist([row(connection)]);
      await new Promise((resolve) => setTimeout(resolve, 20)); // the batch is due meanwhile
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    await persisted;
    expect(await stored(testDatabase.handle, connection)).toHaveLength(1);
  });

  it('fails every call once the database is closed, and drains', async () => {
    const own = await openTestDatabase('sqlite');
    const closedRows = new SqliteArmedRows(own.handle.db, own.handle.sqlite!);
    await own.dispose();
    await expect(closedRows.persist([row(newId())])).rejects.toThrow('The database is closed');
    await closedRows.drain();
  });
});

describe('armed onDisconnect rows on PostgreSQL, a statement per kind and turn', () => {
  let testDatabase: TestDatabase;
  let rows: PostgresArmedRows;
  const statements = { count: 0 };

  beforeAll(async () => {
    testDatabase = await openTestDatabase('postgres');
    // Each statement is compiled once, through the plugins, when it runs.
    const counted = testDatabase.handle.db.withPlugin({
      transformQuery: (args) => {
        statements.count++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    rows = new PostgresArmedRows(counted);
  });
  afterAll(async () => {
    await testDatabase.dispose();
  });

  it(`writes the calls of one turn as one statement per kind, ${MAX_TURN_BATCH} calls at most`, async () => {
    const connections = Array.from({ length: MAX_TURN_BATCH + 1 }, () => newId());
    const armed = connections.map((connection) => [row(connection), row(connection)]);
    statements.count = 0;
    await Promise.all(armed.map((both) => rows.persist(both)));
    expect(statements.count).toBe(2);

    statements.count = 0;
    await Promise.all(armed.slice(0, 3).map(([first]) => rows.cancel([first!.id])));
    await Promise.all(
      connections.slice(0, 2).map((connection) => rows.claim(connection, `node-a~${connection}`)),
    );
    await Promise.all(connections.slice(1, 3).map((connection) => rows.deleteConnection(connection)));
    expect(statements.count).toBe(3);

    const [first, second, third, fourth] = connections;
    expect(await stored(testDatabase.handle, first!)).toEqual([
      { id: armed[0]![1]!.id, node_id: `node-a~${first}` },
    ]);
    expect(await stored(testDatabase.handle, second!)).toEqual([]);
    expect(await stored(testDatabase.handle, third!)).toEqual([]);
    expect(await stored(testDatabase.handle, fourth!)).toEqual(
      armed[3]!
        .map((armedRow) => ({ id: armedRow.id, node_id: 'node-a' }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it('writes a row persisted twice in one turn once, as last persisted', async () => {
    const connection = newId();
    const armed = row(connection);
    await Promise.all([rows.persist([armed]), rows.persist([{ ...armed, node_id: 'node-b' }])]);
    expect(await stored(testDatabase.handle, connection)).toEqual([{ id: armed.id, node_id: 'node-b' }]);
  });
});
