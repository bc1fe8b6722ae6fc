import { beforeEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MAX_STRING_BYTES, RealtimeValidationError } from '@marquee/protocol';
import { describeOnBothEngines } from '../../test/harness/databases';
import type { DatabaseHandle } from '../db/database';
import { DocumentStore, topicFor, type ChangeEvent, type WriteResult } from './documentStore';
import { InProcessPubSub } from './pubsub';
import { valueHash } from './valueHash';

/** Makes the database refuse every write of the document at `docPath`; answers the undo. */
async function refuseWrites(handle: DatabaseHandle, docPath: string): Promise<() => Promise<void>> {
  const { sqlite, db } = handle;
  if (sqlite !== undefined) {
    sqlite.exec(
      `CREATE TRIGGER refuse_bad BEFORE INSERT ON realtime_documents WHEN NEW.path = '${docPath}' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    );
    return async () => void sqlite.exec('DROP TRIGGER refuse_bad');
  }
  await sql`CREATE FUNCTION refuse_bad() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(db);
  await sql`CREATE TRIGGER refuse_bad BEFORE INSERT OR UPDATE ON realtime_documents FOR EACH ROW
    WHEN (NEW.path = ${sql.lit(docPath)}) EXECUTE FUNCTION refuse_bad()`.execute(db);
  return async () => {
    await sql`DROP TRIGGER refuse_bad ON realtime_documents`.execute(db);
    await sql`DROP FUNCTION refuse_bad`.execute(db);
  };
}

describeOnBothEngines('DocumentStore', (database) => {
  let now: number;
  let pubsub: InProcessPubSub;
  let store: DocumentStore;
  let doc: string;
  let sequence = 0;

  const newStore = (maxDocumentBytes?: number) =>
    new DocumentStore({ database: database(), pubsub, clock: () => now, maxDocumentBytes });

  beforeEach(() => {
    now = 1_700_000_000_000;
    pubsub = new InProcessPubSub((error) => {
      throw error;
    });
    store = newStore();
    // Every test writes its own document, so tests sharing the suite's database never see each other.
    doc = `players/p${++sequence}`;
  });

  const events = (docPath: string): ChangeEvent[] => {
    const received: ChangeEvent[] = [];
    store.watch(docPath, (event) => received.push(event));
    return received;
  };

  it('reads null at revision 0 where nothing was written', async () => {
    expect(await store.get(`${doc}/settings/name`)).toEqual({ value: null, revision: 0 });
    expect(await store.get(doc)).toEqual({ value: null, revision: 0 });
  });

  it('sets values, counting revisions from 1, and reads them back at any depth', async () => {
    expect(await store.set(`${doc}/settings`, { name: 'Lobby', mute: false })).toEqual({
      docPath: doc,
      revision: 1,
      changedPaths: [`${doc}/settings`],
    });
    expect(await store.set(`${doc}/settings/name`, 'Hall')).toMatchObject({ revision: 2 });
    expect(await store.get(`${doc}/settings`)).toEqual({ value: { name: 'Hall', mute: false }, revision: 2 });
    expect(await store.get(`${doc}/settings/name`)).toEqual({ value: 'Hall', revision: 2 });
    expect(await store.get(doc)).toEqual({ value: { settings: { name: 'Hall', mute: false } }, revision: 2 });
  });

  it('stores any text as written: quotes, backslashes, escapes and characters beyond ASCII', async () => {
    const text = 'say "hi" \\ path\\to\\file \\u0041 \u00e9\u4e2d\ud83d\ude00 tab\tnew\nline "text":';
    await store.set(`${doc}/settings`, { name: text, [`key "${text.slice(0, 3)}"`]: 'x' });
    // A store of its own reads the stored row, not what the first one remembers.
    expect(await newStore().get(`${doc}/settings`)).toEqual({
      value: { name: text, [`key "${text.slice(0, 3)}"`]: 'x' },
      revision: 1,
    });
  });

  it('stores the normalised form: undefined members dropped, arrays as index-keyed objects', async () => {
    await store.set(`${doc}/app/data`, { version: 1, items: ['a', 'b'], gone: undefined, empty: {} });
    expect((await store.get(`${doc}/app/data`)).value).toEqual({ version: 1, items: { 0: 'a', 1: 'b' } });
  });

  it('applies a multi-path update atomically, as one revision, resolving server timestamps', async () => {
    await store.set(`${doc}/connection`, { connected: false, id: 'old' });
    const received = events(doc);
    now += 5;
    const result = await store.update(`${doc}/connection`, {
      connected: true,
      connected_at: { '.sv': 'timestamp' },
      disconnected_at: null,
      id: 'conn-1',
      'extra/nested': 1,
    });
    expect(result).toEqual({
      docPath: doc,
      revision: 2,
      changedPaths: [
        `${doc}/connection/connected`,
        `${doc}/connection/connected_at`,
        `${doc}/connection/disconnected_at`,
        `${doc}/connection/id`,
        `${doc}/connection/extra/nested`,
      ],
    });
    const value = { connected: true, connected_at: now, id: 'conn-1', extra: { nested: 1 } };
    expect((await store.get(`${doc}/connection`)).value).toEqual(value);
    expect(received).toEqual([
      {
        docPath: doc,
        revision: 2,
        changedPaths: result.changedPaths,
        value: { connection: value },
        updatedAt: now,
        size: JSON.stringify({ connection: value }).length,
      },
    ]);
  });

  it('removes values and keeps counting revisions after the document is gone', async () => {
    await store.set(`${doc}/pairing/code`, 'ABC234');
    await store.set(`${doc}/settings/name`, 'x');
    expect(await store.remove(`${doc}/pairing`)).toMatchObject({
      revision: 3,
      changedPaths: [`${doc}/pairing`],
    });
    expect(await store.get(doc)).toEqual({ value: { settings: { name: 'x' } }, revision: 3 });
    expect(await store.remove(doc)).toMatchObject({ revision: 4 });
    expect(await store.get(doc)).toEqual({ value: null, revision: 4 });
    expect(await store.set(`${doc}/settings/name`, 'back')).toMatchObject({ revision: 5 });
  });

  it('writes nothing, publishes nothing and keeps the revision for a write that changes nothing', async () => {
    await store.set(`${doc}/settings/name`, 'same');
    const received = events(doc);
    expect(await store.set(`${doc}/settings/name`, 'same')).toEqual({
      docPath: doc,
      revision: 1,
      changedPaths: [],
    });
    expect(await store.remove(`${doc}/not/there`)).toEqual({ docPath: doc, revision: 1, changedPaths: [] });
    expect(received).toEqual([]);
  });

  it('conditional set by revision: writes when current, answers stale with the current value otherwise', async () => {
    await store.set(`${doc}/counter`, 1);
    expect(await store.compareAndSet(`${doc}/counter`, { revision: 1 }, 2)).toEqual({
      docPath: doc,
      revision: 2,
      changedPaths: [`${doc}/counter`],
    });
    expect(await store.compareAndSet(`${doc}/counter`, { revision: 1 }, 3)).toEqual({
      stale: true,
      docPath: doc,
      revision: 2,
      value: 2,
      hash: valueHash(2),
    });
    expect((await store.get(`${doc}/counter`)).value).toBe(2);
  });

  it('conditional set by hash compares only the value at the path', async () => {
    await store.set(`${doc}/counter`, { n: 1 });
    await store.set(`${doc}/other`, 'unrelated change');
    const result = await store.compareAndSet(`${doc}/counter`, { hash: valueHash({ n: 1 }) }, { n: 2 });
    expect(result).toMatchObject({ revision: 3 });
    const stale = await store.compareAndSet(`${doc}/counter`, { hash: valueHash({ n: 1 }) }, { n: 9 });
    expect(stale).toEqual({
      stale: true,
      docPath: doc,
      revision: 3,
      value: { n: 2 },
      hash: valueHash({ n: 2 }),
    });
    // A transaction that starts from nothing expects the hash of null.
    expect(await store.compareAndSet(`${doc}/fresh`, { hash: valueHash(null) }, true)).toMatchObject({
      revision: 4,
    });
  });

  it('orders concurrent writes to one document: revisions 1..n, events in revision order', async () => {
    const received = events(doc);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) => store.set(`${doc}/items/i${index}`, index)),
    );
    expect(results.map((result) => result.revision)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(received.map((event) => event.revision)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(Object.keys((await store.get(`${doc}/items`)).value as object)).toHaveLength(50);
  });

  it('stays consistent when another node writes the same document (stale memory is re-read)', async () => {
    const other = newStore();
    await store.set(`${doc}/a`, 1);
    await other.set(`${doc}/b`, 2);
    // store still remembers revision 1: its conditional write fails, it re-reads and recomputes.
    expect(await store.set(`${doc}/c`, 3)).toMatchObject({ revision: 3 });
    // A no-op judged against the stale memory would be wrong: b was changed by the other node.
    await other.set(`${doc}/a`, 7);
    expect(await store.set(`${doc}/a`, 1)).toMatchObject({ revision: 5, changedPaths: [`${doc}/a`] });
    expect(await other.get(doc)).toEqual({ value: { a: 1, b: 2, c: 3 }, revision: 5 });

    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? store : other).set(`${doc}/n/k${index}`, index),
      ),
    );
    const final = await store.get(doc);
    expect(final.revision).toBe(25);
    expect(Object.keys((final.value as { n: object }).n)).toHaveLength(20);
  });

  it('starts a new document once when two nodes create it at the same time', async () => {
    const other = newStore();
    const [first, second] = await Promise.all([store.set(`${doc}/x`, 1), other.set(`${doc}/y`, 2)]);
    expect([first.revision, second.revision].sort()).toEqual([1, 2]);
    expect(await store.get(doc)).toEqual({ value: { x: 1, y: 2 }, revision: 2 });
  });

  it('keeps documents apart', async () => {
    await store.set(`${doc}/v`, 1);
    await store.set(`${doc}x/v`, 2);
    expect(await store.get(doc)).toEqual({ value: { v: 1 }, revision: 1 });
    expect(await store.get(`${doc}x`)).toEqual({ value: { v: 2 }, revision: 1 });
  });

  it('stops delivering after unsubscribe', async () => {
    const received: number[] = [];
    const stop = store.watch(doc, (event) => received.push(event.revision));
    await store.set(`${doc}/a`, 1);
    stop();
    await store.set(`${doc}/a`, 2);
    expect(received).toEqual([1]);
    expect(pubsub.subscriberCount(topicFor(doc))).toBe(0);
  });

  it.each([
    ['players', 'invalid_path', 'a path must name a document'],
    ['', 'invalid_path', 'a path must name a document'],
    ['players/a.b/x', 'invalid_path', 'Invalid key "a.b"'],
    ['players/p/x[1]', 'invalid_path', 'Invalid key "x[1]"'],
  ])('rejects the path %j with %s', async (path, code, message) => {
    const error = await store.set(path, 1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RealtimeValidationError);
    expect(error).toMatchObject({ code, message: expect.stringContaining(message) });
    await expect(store.get(path)).rejects.toMatchObject({ code });
  });

  it('rejects invalid values, overlapping update keys and oversized strings without writing', async () => {
    await expect(store.set(`${doc}/a`, { 'bad/key': 1 })).rejects.toMatchObject({ code: 'invalid_value' });
    await expect(store.set(`${doc}/a`, Number.NaN)).rejects.toMatchObject({ code: 'invalid_value' });
    await expect(store.set(`${doc}/a`, undefined)).rejects.toMatchObject({ code: 'invalid_value' });
    await expect(store.set(`${doc}/a`, { '.sv': 'increment' })).rejects.toMatchObject({
      code: 'invalid_value',
    });
    await expect(store.update(doc, { a: 1, 'a/b': 2 })).rejects.toMatchObject({ code: 'invalid_path' });
    await expect(store.set(`${doc}/a`, 'x'.repeat(MAX_STRING_BYTES + 1))).rejects.toMatchObject({
      code: 'too_large',
    });
    expect(await store.get(doc)).toEqual({ value: null, revision: 0 });
  });

  it('rejects a write that would make the document larger than the limit', async () => {
    const small = newStore(100);
    await small.set(`${doc}/a`, 'x'.repeat(40));
    await expect(small.set(`${doc}/b`, 'é'.repeat(40))).rejects.toMatchObject({
      code: 'too_large',
      message: `Document "${doc}" would be larger than 100 bytes`,
    });
    expect(await small.get(doc)).toEqual({ value: { a: 'x'.repeat(40) }, revision: 1 });
  });

  it('gives every write of a batch over many documents its own revision and answer, in order per document', async () => {
    const paths = Array.from({ length: 300 }, (_, index) => `${doc}b${index}`);
    const received = events(paths[0]!);
    // Three writes to each document arrive together: they share batches, each still a revision of its own.
    const results = await Promise.all(
      paths.flatMap((path) => [
        store.set(`${path}/a`, 1),
        store.update(path, { b: 2, c: { '.sv': 'timestamp' } }),
        store.set(`${path}/a`, 3),
      ]),
    );
    expect(results).toEqual(
      paths.flatMap((path) => [
        { docPath: path, revision: 1, changedPaths: [`${path}/a`] },
        { docPath: path, revision: 2, changedPaths: [`${path}/b`, `${path}/c`] },
        { docPath: path, revision: 3, changedPaths: [`${path}/a`] },
      ]),
    );
    expect(received.map((event) => [event.revision, event.value])).toEqual([
      [1, { a: 1 }],
      [2, { a: 1, b: 2, c: now }],
      [3, { a: 3, b: 2, c: now }],
    ]);
    for (const path of [paths[0]!, paths[299]!]) {
      expect(await newStore().get(path)).toEqual({ value: { a: 3, b: 2, c: now }, revision: 3 });
    }
  });

  it('fails a write whose own mutation fails alone, among writes to the same and other documents', async () => {
    const small = newStore(100);
    const received = events(doc);
    const answers = await Promise.allSettled([
      small.set(`${doc}/a`, 1),
      small.set(`${doc}/b`, 'x'.repeat(200)),
      small.set(`${doc}x/a`, 'y'.repeat(200)),
      small.set(`${doc}/c`, 3),
      small.set(`${doc}x/b`, 4),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(answers[1]).toMatchObject({ reason: { code: 'too_large' } });
    expect(answers[3]).toMatchObject({ value: { revision: 2 } });
    expect(received.map((event) => event.revision)).toEqual([1, 2]);
    expect(await small.get(doc)).toEqual({ value: { a: 1, c: 3 }, revision: 2 });
    expect(await small.get(`${doc}x`)).toEqual({ value: { b: 4 }, revision: 1 });
  });

  it('redoes the writes of a document another node changed meanwhile, committing the rest of the batch', async () => {
    const other = newStore();
    await store.set(`${doc}/a`, 1);
    await other.set(`${doc}/b`, 2);
    // store remembers revision 1: in its next batch that document loses, is re-read and its writes redone.
    const results = await Promise.all([
      store.set(`${doc}x/a`, 1),
      store.set(`${doc}/c`, 3),
      store.set(`${doc}/d`, 4),
      store.set(`${doc}y/a`, 1),
    ]);
    expect(results.map((result) => [result.docPath, result.revision])).toEqual([
      [`${doc}x`, 1],
      [doc, 3],
      [doc, 4],
      [`${doc}y`, 1],
    ]);
    expect(await other.get(doc)).toEqual({ value: { a: 1, b: 2, c: 3, d: 4 }, revision: 4 });
  });

  it('loses no write when two nodes hammer the same documents: revision = number of writes', async () => {
    const nodes = [
      store,
      new DocumentStore({ database: database(), pubsub: new InProcessPubSub(), clock: () => now }),
    ];
    const paths = Array.from({ length: 8 }, (_, index) => `${doc}h${index}`);
    const published = nodes.map(() => new Map(paths.map((path) => [path, [] as number[]])));
    for (const [node, store] of nodes.entries()) {
      for (const path of paths)
        store.watch(path, (event) => published[node]!.get(path)!.push(event.revision));
    }
    const perDocument = 60;
    const writes: Promise<WriteResult>[] = [];
    for (let round = 0; round < perDocument; round++) {
      for (const [index, path] of paths.entries()) {
        const node = nodes[(round + index) % 2]!;
        writes.push(node.update(path, { [`k${round}`]: round, last: round }));
      }
      // Some writes arrive in later turns of the event loop, so batches of both nodes overlap.
      if (round % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    const results = await Promise.all(writes);
    for (const path of paths) {
      const revisions = results.filter((result) => result.docPath === path).map((result) => result.revision);
      expect(revisions.toSorted((a, b) => a - b)).toEqual(
        Array.from({ length: perDocument }, (_, i) => i + 1),
      );
      const final = await store.get(path);
      expect(final.revision).toBe(perDocument);
      expect(Object.keys(final.value as object)).toHaveLength(perDocument + 1);
      // Each node publishes its own changes, in revision order.
      const [first, second] = published.map((byPath) => byPath.get(path)!);
      for (const revisions of [first!, second!])
        expect(revisions).toEqual(revisions.toSorted((a, b) => a - b));
      expect([...first!, ...second!].sort((a, b) => a - b)).toEqual(revisions.toSorted((a, b) => a - b));
    }
  });

  it('retries the writes of a batch the database refused one by one, each with its own answer', async () => {
    const [good, bad, other] = [`${doc}a`, `${doc}b`, `${doc}c`];
    const received = [good, bad, other].map(events);
    const allow = await refuseWrites(database(), bad);
    try {
      const answers = await Promise.allSettled([
        store.set(`${good}/n`, 1),
        store.set(`${bad}/n`, 2),
        store.set(`${bad}/m`, 3),
        store.set(`${other}/n`, 3),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([
        'fulfilled',
        'rejected',
        'rejected',
        'fulfilled',
      ]);
      expect(answers[1]).toMatchObject({ reason: { message: 'refused' } });
      expect(await store.get(`${good}/n`)).toEqual({ value: 1, revision: 1 });
      expect(await store.get(`${other}/n`)).toEqual({ value: 3, revision: 1 });
      expect(await store.get(`${bad}/n`)).toEqual({ value: null, revision: 0 });
      expect(received.map((list) => list.map((event) => event.revision))).toEqual([[1], [], [1]]);
    } finally {
      await allow();
    }
  });

  it('drain waits for queued writes', async () => {
    let finished = 0;
    for (let index = 0; index < 10; index++)
      void store.set(`${doc}/d/k${index}`, index).then(() => finished++);
    await store.drain();
    expect(finished).toBe(10);
  });
});
