// The group commits of the realtime store, engine by engine (sqliteGroupCommit.ts, postgresGroupCommit.ts): how
// queued writes are grouped into transactions and statements, and how a refused or interrupted batch is answered.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { countTransactions } from '../../test/harness/sqliteTransactions';
import type { DatabaseHandle } from '../db/database';
import { DocumentStore, type ChangeEvent } from './documentStore';
import { InProcessPubSub } from './pubsub';
import { MAX_BATCHES_IN_FLIGHT } from './postgresGroupCommit';
import { MAX_BATCH_WRITES } from './writeCommitter';

describe('DocumentStore group commit (sqlite)', () => {
  let testDatabase: TestDatabase;
  let store: DocumentStore;
  let published: ChangeEvent[];
  let sequence = 0;

  beforeAll(async () => {
    testDatabase = await openTestDatabase('sqlite');
  });
  afterAll(async () => {
    await testDatabase.dispose();
  });
  beforeEach(() => {
    published = [];
    const pubsub = new InProcessPubSub((error) => {
      throw error;
    });
    pubsub.publish = (_topic, message) => void published.push(message as ChangeEvent);
    store = new DocumentStore({ database: testDatabase.handle, pubsub, clock: () => 1_700_000_000_000 });
    sequence++;
  });

  const docs = (count: number) =>
    Array.from({ length: count }, (_, index) => `players/g${sequence}x${index}`);

  it(`commits queued writes ${MAX_BATCH_WRITES} per transaction, each with its own revision and answer`, async () => {
    const transactions = countTransactions(testDatabase.handle.sqlite!);
    const paths = docs(MAX_BATCH_WRITES + 1);
    const results = await Promise.all([
      ...paths.map((path) => store.set(`${path}/n`, 1)),
      store.set(`${paths[0]}/n`, 2),
    ]);
    expect(transactions.count).toBe(2);
    transactions.restore();
    expect(results.slice(0, -1)).toEqual(
      paths.map((path) => ({ docPath: path, revision: 1, changedPaths: [`${path}/n`] })),
    );
    expect(results.at(-1)).toEqual({ docPath: paths[0], revision: 2, changedPaths: [`${paths[0]}/n`] });
    expect(published.filter((event) => event.docPath === paths[0]).map((event) => event.revision)).toEqual([
      1, 2,
    ]);
    expect(await store.get(`${paths[0]}/n`)).toEqual({ value: 2, revision: 2 });
  });

  it('yields to the event loop between batches and answers a batch only once it committed', async () => {
    const paths = docs(MAX_BATCH_WRITES * 2 + 1);
    let answered = 0;
    const all = Promise.all(paths.map((path) => store.set(`${path}/n`, 1).then(() => answered++)));
    expect(answered).toBe(0);
    const between = await new Promise<number>((resolve) => setImmediate(() => resolve(answered)));
    expect(between).toBe(MAX_BATCH_WRITES);
    await all;
    expect(answered).toBe(paths.length);
  });

  it('fails a write whose own mutation fails alone, committing the rest of its batch', async () => {
    const small = new DocumentStore({
      database: testDatabase.handle,
      pubsub: new InProcessPubSub(),
      maxDocumentBytes: 100,
    });
    const [a, b, c] = docs(3) as [string, string, string];
    const answers = await Promise.allSettled([
      small.set(`${a}/n`, 1),
      small.set(`${b}/n`, 'x'.repeat(200)),
      small.set(`${c}/n`, 3),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(answers[1]).toMatchObject({ reason: { code: 'too_large' } });
    expect(await small.get(`${b}/n`)).toEqual({ value: null, revision: 0 });
    expect(await small.get(`${c}/n`)).toEqual({ value: 3, revision: 1 });
  });

  it('waits for a Kysely transaction open on the connection to end rather than writing inside it', async () => {
    const [doc] = docs(1) as [string];
    let write: Promise<unknown> | undefined;
    const rolledBack = testDatabase.handle.db.transaction().execute(async (trx) => {
      await trx.selectFrom('realtime_documents').select('path').execute();
      write = store.set(`${doc}/n`, 1);
      await new Promise((resolve) => setTimeout(resolve, 20)); // the write's batch is due meanwhile
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await write).toEqual({ docPath: doc, revision: 1, changedPaths: [`${doc}/n`] });
    expect(await store.get(`${doc}/n`)).toEqual({ value: 1, revision: 1 });
  });

  it('never turns a transaction open on the connection into its own: writes go through it as single queries', async () => {
    const [doc] = docs(1) as [string];
    const sqlite = testDatabase.handle.sqlite!;
    sqlite.exec('BEGIN');
    try {
      expect(await store.set(`${doc}/n`, 1)).toEqual({
        docPath: doc,
        revision: 1,
        changedPaths: [`${doc}/n`],
      });
    } finally {
      sqlite.exec('ROLLBACK');
    }
    expect(await store.get(`${doc}/n`)).toEqual({ value: null, revision: 0 });
  });
});

describe('DocumentStore group commit (postgres)', () => {
  let testDatabase: TestDatabase;
  let statements: string[];
  let counted: DatabaseHandle;
  let store: DocumentStore;
  let published: ChangeEvent[];
  let sequence = 0;

  // Records the statements the store sends (their first words), to see how writes were grouped.
  const recorder: KyselyPlugin = {
    transformQuery({ node }) {
      const text = 'sqlFragments' in node ? (node.sqlFragments as string[]).join('?') : node.kind;
      statements.push(text.trim().split(/\s+/)[0]!);
      return node;
    },
    transformResult: async ({ result }) => result,
  };

  beforeAll(async () => {
    testDatabase = await openTestDatabase('postgres');
    counted = { ...testDatabase.handle, db: testDatabase.handle.db.withPlugin(recorder) };
  });
  afterAll(async () => {
    await testDatabase.dispose();
  });
  beforeEach(() => {
    statements = [];
    published = [];
    const pubsub = new InProcessPubSub((error) => {
      throw error;
    });
    pubsub.publish = (_topic, message) => void published.push(message as ChangeEvent);
    store = new DocumentStore({ database: counted, pubsub, clock: () => 1_700_000_000_000 });
    sequence++;
  });

  const docs = (count: number) =>
    Array.from({ length: count }, (_, index) => `players/g${sequence}x${index}`);

  it(`commits up to ${MAX_BATCH_WRITES} writes with one read and one conditional statement`, async () => {
    const paths = docs(MAX_BATCH_WRITES);
    await Promise.all(paths.map((path) => store.set(`${path}/n`, 1)));
    // New documents: one read (none stored), one insert.
    expect(statements).toEqual(['SELECT', 'INSERT']);
    statements = [];
    const results = await Promise.all(paths.map((path) => store.set(`${path}/n`, 2)));
    // Known documents (the hints): no read, one update.
    expect(statements).toEqual(['UPDATE']);
    expect(results).toEqual(
      paths.map((path) => ({ docPath: path, revision: 2, changedPaths: [`${path}/n`] })),
    );
    statements = [];
    const mixed = await Promise.all([
      store.set(`${paths[0]}/n`, 3),
      store.set(`${docs(MAX_BATCH_WRITES + 1).at(-1)}/n`, 1),
    ]);
    expect(mixed.map((result) => result.revision)).toEqual([3, 1]);
    expect(statements).toEqual(['SELECT', 'WITH']);
    expect(await store.get(`${paths[0]}/n`)).toEqual({ value: 3, revision: 3 });
  });

  it("keeps another node's committed change as its hint: its next write needs no read and no retry", async () => {
    // Two nodes: each a store on the database, their changes shared by one broker (Redis, between real nodes).
    const broker = new InProcessPubSub((error) => {
      throw error;
    });
    const [mine, theirs] = [0, 1].map(
      () => new DocumentStore({ database: counted, pubsub: broker, clock: () => 1_700_000_000_000 }),
    ) as [DocumentStore, DocumentStore];
    const [doc] = docs(1) as [string];
    await mine.set(`${doc}/status`, 'up');
    const seen: number[] = [];
    const stop = mine.watch(doc, (event) => seen.push(event.revision)); // a listener of this node
    await theirs.get(`${doc}/status`);
    await theirs.set(`${doc}/command`, 'reboot'); // an operator's command through the other node
    expect(seen).toEqual([2]);
    statements = [];
    expect(await mine.set(`${doc}/status`, 'rebooting')).toMatchObject({ revision: 3 });
    expect(statements).toEqual(['UPDATE']);
    expect(await theirs.get(doc)).toMatchObject({
      value: { status: 'rebooting', command: 'reboot' },
      revision: 3,
    });
    stop();
  });

  it('with other nodes, writes on the hint only of a document it watches: one it does not is read first', async () => {
    const broker = new InProcessPubSub((error) => {
      throw error;
    });
    const [mine, theirs] = [0, 1].map(
      () =>
        new DocumentStore({
          database: counted,
          pubsub: broker,
          clock: () => 1_700_000_000_000,
          otherNodes: true,
        }),
    ) as [DocumentStore, DocumentStore];
    const [doc] = docs(1) as [string];
    await mine.set(`${doc}/command`, 'reboot'); // an operator's command through this node: its hint, revision 1
    await theirs.set(`${doc}/status`, 'rebooting'); // the player's own write on its node: revision 2
    statements = [];
    // Not watched here: the stale hint is not written on (its UPDATE would be lost, then a read and another UPDATE).
    expect(await mine.set(`${doc}/command`, 'identify')).toMatchObject({ revision: 3 });
    expect(statements).toEqual(['SELECT', 'UPDATE']);
    // Watched here: the other node's changes keep the hint current, and the write needs no read.
    const stop = mine.watch(doc, () => {});
    await theirs.set(`${doc}/status`, 'up');
    statements = [];
    expect(await mine.set(`${doc}/command`, 'reboot')).toMatchObject({ revision: 5 });
    expect(statements).toEqual(['UPDATE']);
    stop();
    // Not watched any more: read first again.
    await theirs.set(`${doc}/status`, 'rebooting');
    statements = [];
    expect(await mine.set(`${doc}/command`, 'identify')).toMatchObject({ revision: 7 });
    expect(statements).toEqual(['SELECT', 'UPDATE']);
    expect(await theirs.get(doc)).toMatchObject({
      value: { status: 'rebooting', command: 'identify' },
      revision: 7,
    });
  });

  it('splits more writes than a batch holds, keeping each document in order across batches', async () => {
    const [busy, ...others] = docs(MAX_BATCH_WRITES + 10);
    const writes = [
      ...Array.from({ length: 700 }, (_, index) => store.set(`${busy}/n`, index)),
      ...others.map((path) => store.set(`${path}/n`, 1)),
    ];
    const results = await Promise.all(writes);
    expect(results.slice(0, 700).map((result) => result.revision)).toEqual(
      Array.from({ length: 700 }, (_, i) => i + 1),
    );
    expect(statements.filter((statement) => statement !== 'SELECT').length).toBeGreaterThan(1);
    expect(published.filter((event) => event.docPath === busy).map((event) => event.revision)).toEqual(
      Array.from({ length: 700 }, (_, i) => i + 1),
    );
    expect(await store.get(`${busy}/n`)).toEqual({ value: 699, revision: 700 });
  });

  describe('a write queued ahead (an operator command beside a fleet writing flat out)', () => {
    const BATCHES = MAX_BATCHES_IN_FLIGHT + 2;

    /** The fleet's writes, a batch's worth per document group, recording the order they are answered in. */
    function fleetWrites(answered: string[]) {
      return docs(MAX_BATCH_WRITES * BATCHES).map((path) =>
        store.set(`${path}/n`, 1).then(() => answered.push(path)),
      );
    }

    it('is taken before the writes queued earlier', async () => {
      const answered: string[] = [];
      const fleet = fleetWrites(answered);
      const command = `players/g${sequence}cmd/action_flags/reboot`;
      const ahead = store.set(command, true, { ahead: true }).then(() => answered.push('command'));
      await Promise.all([...fleet, ahead]);
      // In the first batch taken: answered before the writes of the batches that waited for a place (the four
      // running at once may commit in any order).
      expect(answered.indexOf('command')).toBeLessThan(MAX_BATCH_WRITES * MAX_BATCHES_IN_FLIGHT);
      expect(await store.get(command)).toEqual({ value: true, revision: 1 });
    });

    it('is committed beside the batches in flight when every place is held, not after one of them', async () => {
      const paths = docs(MAX_BATCH_WRITES * MAX_BATCHES_IN_FLIGHT);
      // Another transaction has inserted the first document of each batch and not committed: the four batches'
      // statements wait for it, every place held.
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding!: () => void;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = testDatabase.handle.db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('realtime_documents')
            .values(
              Array.from({ length: MAX_BATCHES_IN_FLIGHT }, (_, batch) => ({
                path: paths[batch * MAX_BATCH_WRITES]!,
                revision: 1,
                value: '{}',
                updated_at: 0,
              })),
            )
            .execute();
          holding();
          await released;
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await held;
      const answered: string[] = [];
      const fleet = paths.map((path) => store.set(`${path}/n`, 1).then(() => answered.push(path)));
      await new Promise((resolve) => setImmediate(resolve)); // every place now holds a batch
      const ahead = store
        .set(`players/g${sequence}cmd/action_flags/reboot`, true, { ahead: true })
        .then(() => answered.push('command'));
      try {
        await expect.poll(() => answered, { timeout: 10_000 }).toContain('command');
        expect(answered).toEqual(['command']);
      } finally {
        release();
        await holder;
      }
      await Promise.all([...fleet, ahead]);
      expect(answered).toHaveLength(paths.length + 1);
    });

    it("keeps the order of its document's writes queued before it", async () => {
      const doc = `players/g${sequence}own`;
      const answered: string[] = [];
      const fleet = fleetWrites(answered);
      const own = Array.from({ length: 5 }, (_, index) => store.set(`${doc}/settings/name`, `v${index}`));
      const ahead = store.set(`${doc}/action_flags/reboot`, true, { ahead: true });
      const results = await Promise.all([...own, ahead]);
      await Promise.all(fleet);
      expect(results.map((result) => result.revision)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(published.filter((event) => event.docPath === doc).map((event) => event.revision)).toEqual([
        1, 2, 3, 4, 5, 6,
      ]);
    });
  });
});
