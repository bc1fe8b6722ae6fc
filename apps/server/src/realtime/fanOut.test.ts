import { expect, it } from 'vitest';
import type { RealtimeValue, ValueEvent } from '@marquee/protocol';
import { describeOnBothEngines } from '../../test/harness/databases';
import type { DatabaseHandle } from '../db/database';
import { newId } from '../ids';
import { DocumentStore, topicFor, type ChangeEvent, type Snapshot } from './documentStore';
import { FanOut, type Listener, type ListenerSink } from './fanOut';
import { InProcessPubSub } from './pubsub';
import { valueHash } from './valueHash';

class Sink implements ListenerSink {
  closed = false;
  receiving = true;
  /** Whether it checks its access again when asked (an operator's connection does). */
  rechecks = false;
  readonly received: ValueEvent[] = [];
  readonly revalidated: Listener[] = [];
  send(text: string): void {
    this.received.push(JSON.parse(text) as ValueEvent);
  }
  revalidate(listener: Listener): boolean {
    this.revalidated.push(listener);
    return this.rechecks;
  }
  revs(path?: string): number[] {
    return this.received
      .filter((event) => path === undefined || event.path === path)
      .map((event) => event.rev);
  }
}

/** A store whose reads wait for `release()` after reading: lets a test commit a write while a listen loads. */
class GatedStore extends DocumentStore {
  private gate: Promise<void> | null = null;
  private open: () => void = () => {};
  failNext = false;
  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release(): void {
    this.open();
    this.gate = null;
  }
  override async get(path: string): Promise<Snapshot> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database unavailable');
    }
    const snapshot = await super.get(path);
    await this.gate;
    return snapshot;
  }
}

const segments = (path: string) => path.split('/');

describeOnBothEngines('FanOut', (database: () => DatabaseHandle) => {
  function setup() {
    const pubsub = new InProcessPubSub();
    const store = new GatedStore({ database: database(), pubsub });
    const errors: unknown[] = [];
    const accessChanges: string[] = [];
    const fanOut = new FanOut(store, {
      onError: (error) => errors.push(error),
      accessBranches: ['pairing'],
      onAccessChange: (docPath) => accessChanges.push(docPath),
    });
    const doc = `players/${newId()}`;
    return { pubsub, store, fanOut, doc, errors, accessChanges };
  }

  it('sends the current value at registration, then each change of the path with its revision', async () => {
    const { store, fanOut, doc } = setup();
    await store.set(`${doc}/settings`, { name: 'A', mute: false });
    const sink = new Sink();
    const initial: string[] = [];
    const listener = await fanOut.listen(sink, segments(`${doc}/settings/name`), (text) =>
      initial.push(text),
    );
    expect(listener).not.toBeNull();
    expect(initial.map((text) => JSON.parse(text))).toEqual([
      { t: 'v', path: `${doc}/settings/name`, value: 'A', hash: valueHash('A'), rev: 1 },
    ]);
    await store.set(`${doc}/settings/name`, 'B'); // the path
    await store.set(`${doc}/settings/mute`, true); // a sibling: nothing
    await store.set(`${doc}/settings`, { name: 'B', mute: true }); // an ancestor, value unchanged: nothing
    await store.set(doc, { settings: { name: 'C' } }); // the document
    await store.remove(doc);
    expect(sink.received.map((event) => [event.rev, event.value])).toEqual([
      [2, 'B'],
      [5, 'C'],
      [6, null],
    ]);
  });

  it('tells each path of a change after a run of changes at another path (the parsed paths are reused)', async () => {
    const { store, fanOut, doc } = setup();
    const name = new Sink();
    const mute = new Sink();
    await fanOut.listen(name, segments(`${doc}/settings/name`), () => {});
    await fanOut.listen(mute, segments(`${doc}/settings/mute`), () => {});
    for (const value of ['A', 'B', 'C']) await store.set(`${doc}/settings/name`, value);
    await store.set(`${doc}/settings/mute`, true);
    await store.update(doc, { 'settings/name': 'D', 'settings/mute': false });
    await store.update(doc, { 'settings/name': 'E', 'settings/mute': true });
    expect(name.received.map((event) => event.value)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(mute.received.map((event) => event.value)).toEqual([true, false, true]);
  });

  it('keeps a change committed while the document is being read', async () => {
    const { store, fanOut, doc } = setup();
    await store.set(`${doc}/a`, 1);
    store.hold();
    const sink = new Sink();
    let initial: ValueEvent | undefined;
    const listening = fanOut.listen(sink, segments(`${doc}/a`), (text) => (initial = JSON.parse(text)));
    await new Promise((resolve) => setTimeout(resolve, 20)); // the read has returned revision 1 and waits
    await store.set(`${doc}/a`, 2);
    store.release();
    await listening;
    expect(initial).toMatchObject({ value: 2, rev: 2 });
    await store.set(`${doc}/a`, 3);
    expect(sink.revs()).toEqual([3]);
  });

  it('drops events it already sent and events older than the last one', async () => {
    const { store, fanOut, doc, pubsub } = setup();
    const sink = new Sink();
    await fanOut.listen(sink, segments(`${doc}/a`), () => {});
    await store.set(`${doc}/a`, 1);
    await store.set(`${doc}/a`, 2);
    const replay = (revision: number, value: number) =>
      pubsub.publish(topicFor(doc), {
        docPath: doc,
        revision,
        changedPaths: [`${doc}/a`],
        value: { a: value },
        updatedAt: 0,
      } satisfies ChangeEvent);
    replay(2, 2);
    replay(1, 1);
    replay(3, 3);
    replay(3, 3);
    expect(sink.received.map((event) => [event.rev, event.value])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('compares every path by value when revisions were skipped: a later change of another path arrived first', async () => {
    const { store, fanOut, doc, pubsub } = setup();
    await store.set(doc, { flags: { reload: 1 }, connection: { connected: false } });
    const flags = new Sink();
    const connection = new Sink();
    await fanOut.listen(flags, segments(`${doc}/flags`), () => {});
    await fanOut.listen(connection, segments(`${doc}/connection`), () => {});
    const event = (revision: number, changed: string, value: RealtimeValue) =>
      pubsub.publish(topicFor(doc), {
        docPath: doc,
        revision,
        changedPaths: [`${doc}/${changed}`],
        value,
        updatedAt: 0,
      } satisfies ChangeEvent);
    // Revision 2 (another node raised a flag) is still on its way when this node's revision 3 (a connection
    // write, made on top of revision 2) is published: 3 names only the connection, yet the flags changed too.
    event(3, 'connection', { flags: { reload: 2 }, connection: { connected: true } });
    event(2, 'flags', { flags: { reload: 2 }, connection: { connected: false } });
    expect(flags.received.map((received) => [received.rev, received.value])).toEqual([[3, { reload: 2 }]]);
    expect(connection.received.map((received) => [received.rev, received.value])).toEqual([
      [3, { connected: true }],
    ]);
    // Back to consecutive revisions: a value left unchanged by a gap is not sent again.
    event(5, 'connection', { flags: { reload: 2 }, connection: { connected: false } });
    expect(flags.revs()).toEqual([3]);
    expect(connection.revs()).toEqual([3, 5]);
  });

  it('holds events back from a sink that may not receive, and resyncs it with the current value', async () => {
    const { store, fanOut, doc } = setup();
    const sink = new Sink();
    const listener = (await fanOut.listen(sink, segments(`${doc}/a`), () => {}))!;
    sink.receiving = false;
    await store.set(`${doc}/a`, 1);
    await store.set(`${doc}/a`, 2);
    expect(sink.received).toEqual([]);
    sink.receiving = true;
    fanOut.resync(listener);
    fanOut.resync(listener);
    expect(sink.received.map((event) => [event.rev, event.value])).toEqual([[2, 2]]);
  });

  it('subscribes once per document and unsubscribes with the last listener', async () => {
    const { store, fanOut, doc, pubsub } = setup();
    const sinks = [new Sink(), new Sink(), new Sink()];
    const listeners = await Promise.all(
      sinks.flatMap((sink) => [
        fanOut.listen(sink, segments(`${doc}/a`), () => {}),
        fanOut.listen(sink, segments(doc), () => {}),
      ]),
    );
    expect(pubsub.subscriberCount(topicFor(doc))).toBe(1);
    expect(fanOut.stats()).toEqual({ documents: 1, listeners: 6 });
    await store.set(`${doc}/a`, 1);
    expect(sinks.map((sink) => sink.revs())).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    for (const listener of listeners) fanOut.unlisten(listener!);
    fanOut.unlisten(listeners[0]!); // twice: harmless
    expect(pubsub.subscriberCount(topicFor(doc))).toBe(0);
    expect(fanOut.stats()).toEqual({ documents: 0, listeners: 0 });
  });

  it('registers nothing for a sink that closed while the document was read', async () => {
    const { store, fanOut, doc, pubsub } = setup();
    store.hold();
    const sink = new Sink();
    const listening = fanOut.listen(sink, segments(doc), () => {
      throw new Error('no initial value for a closed sink');
    });
    sink.closed = true;
    store.release();
    expect(await listening).toBeNull();
    expect(pubsub.subscriberCount(topicFor(doc))).toBe(0);
  });

  it('fails the listens of a read that failed, and reads again on the next listen', async () => {
    const { store, fanOut, doc, pubsub } = setup();
    store.failNext = true;
    await expect(fanOut.listen(new Sink(), segments(doc), () => {})).rejects.toThrow('database unavailable');
    expect(pubsub.subscriberCount(topicFor(doc))).toBe(0);
    expect(await fanOut.listen(new Sink(), segments(doc), () => {})).not.toBeNull();
  });

  it('sends one serialized text to every listener of a path and reports a failing sink', async () => {
    const { store, fanOut, doc, errors } = setup();
    const texts: string[] = [];
    const good: ListenerSink = {
      closed: false,
      receiving: true,
      send: (text) => texts.push(text),
      revalidate: () => false,
    };
    const bad: ListenerSink = {
      ...good,
      send: () => {
        throw new Error('socket gone');
      },
    };
    await fanOut.listen(bad, segments(`${doc}/a`), () => {});
    await fanOut.listen(good, segments(`${doc}/a`), () => {});
    await fanOut.listen({ ...good }, segments(`${doc}/a`), () => {});
    await store.set(`${doc}/a`, [1, 2]);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toBe(texts[1]);
    expect(JSON.parse(texts[0]!)).toMatchObject({ value: [1, 2], hash: valueHash({ 0: 1, 1: 2 }) });
    expect(errors).toHaveLength(1);
  });

  it('catches up with changes it missed: the current value, once, to each listener whose part changed', async () => {
    const { store, fanOut, doc, errors } = setup();
    // Another node's writes whose messages never arrive (Redis was away).
    const elsewhere = new DocumentStore({ database: database(), pubsub: new InProcessPubSub() });
    const [onA, onB, onDoc] = [new Sink(), new Sink(), new Sink()];
    await fanOut.listen(onA, segments(`${doc}/a`), () => {});
    await fanOut.listen(onB, segments(`${doc}/b`), () => {});
    await fanOut.listen(onDoc, segments(doc), () => {});
    await store.update(doc, { a: 1, b: { x: 1 } }); // rev 1
    await elsewhere.set(`${doc}/a`, 2); // rev 2, missed
    await elsewhere.update(doc, { a: 3, b: { x: 1 } }); // rev 3, missed; b written again, unchanged
    expect(onA.revs()).toEqual([1]);

    expect(await fanOut.catchUp()).toBe(1);
    expect(onA.received.map((event) => [event.rev, event.value])).toEqual([
      [1, 1],
      [3, 3],
    ]);
    expect(onB.revs()).toEqual([1]); // its value did not change
    expect(onDoc.received.at(-1)).toMatchObject({ rev: 3, value: { a: 3, b: { x: 1 } } });

    expect(await fanOut.catchUp()).toBe(1); // nothing new: nothing sent
    await store.set(`${doc}/a`, 4); // rev 4, through the pub/sub again
    expect(onA.revs()).toEqual([1, 3, 4]);
    expect(onDoc.revs()).toEqual([1, 3, 4]);
    expect(errors).toEqual([]);
  });

  it('reads every held document when catching up, and reports a failed read without stopping', async () => {
    const { store, fanOut, errors } = setup();
    const elsewhere = new DocumentStore({ database: database(), pubsub: new InProcessPubSub() });
    const docs = Array.from({ length: 20 }, () => `players/${newId()}`);
    const sinks = docs.map(() => new Sink());
    for (const [i, doc] of docs.entries()) await fanOut.listen(sinks[i]!, segments(doc), () => {});
    for (const doc of docs) await elsewhere.set(`${doc}/n`, 1);
    store.failNext = true;
    expect(await fanOut.catchUp()).toBe(docs.length - 1);
    expect(errors).toHaveLength(1);
    expect(sinks.filter((sink) => sink.revs().length === 1)).toHaveLength(docs.length - 1);
    expect(await fanOut.catchUp()).toBe(docs.length);
    expect(sinks.every((sink) => sink.revs().length === 1)).toBe(true);
  });

  it('holds the listeners of a sink that checks its access again after a pairing change, until resumed', async () => {
    const { store, fanOut, doc, accessChanges } = setup();
    await store.set(`${doc}/settings/name`, 'A');
    const [operator, player] = [new Sink(), new Sink()];
    operator.rechecks = true;
    const held = (await fanOut.listen(operator, segments(`${doc}/settings`), () => {}))!;
    await fanOut.listen(player, segments(`${doc}/settings`), () => {});

    await store.set(`${doc}/settings/name`, 'B'); // not an access branch: nothing to check
    expect(operator.revalidated).toEqual([]);
    await store.update(doc, { 'pairing/code': 'ABC234', 'settings/name': 'C' }); // unpaired
    expect(accessChanges).toEqual([doc]);
    expect(operator.revalidated).toEqual([held]);
    expect(player.revalidated).toHaveLength(1);
    await store.set(`${doc}/settings/name`, 'D');
    expect(operator.revs()).toEqual([2]); // nothing while held
    expect(player.revs()).toEqual([2, 3, 4]);

    fanOut.resume(held); // the check allowed it: the current value, then changes again
    await store.set(`${doc}/settings/name`, 'E');
    expect(operator.received.map((event) => [event.rev, event.value])).toEqual([
      [2, { name: 'B' }],
      [4, { name: 'D' }],
      [5, { name: 'E' }],
    ]);
  });

  it('checks access again when the whole document changes or goes, and when missed revisions changed pairing', async () => {
    const { store, fanOut, doc, pubsub, accessChanges } = setup();
    await store.set(`${doc}/pairing/code`, 'ABC234');
    const sink = new Sink();
    await fanOut.listen(sink, segments(`${doc}/connection`), () => {});
    await store.remove(doc); // a hard reset
    expect(sink.revalidated).toHaveLength(1);
    const event = (revision: number, value: RealtimeValue) =>
      pubsub.publish(topicFor(doc), {
        docPath: doc,
        revision,
        changedPaths: [`${doc}/connection`],
        value,
        updatedAt: 0,
      } satisfies ChangeEvent);
    event(4, { connection: { connected: true } }); // revision 3 unknown: the document came back
    expect(sink.revalidated).toHaveLength(2);
    event(6, { connection: { connected: false } }); // revision 5 unknown, pairing unchanged
    expect(sink.revalidated).toHaveLength(2);
    event(8, { connection: { connected: false }, pairing: { code: 'DEF567' } });
    expect(sink.revalidated).toHaveLength(3);
    expect(accessChanges).toEqual([doc, doc, doc]);
  });

  it('asks for a new listener to be checked again when access changed after its caller checked it', async () => {
    const { store, fanOut, doc } = setup();
    const first = new Sink();
    await fanOut.listen(first, segments(doc), () => {});
    const checkedAt = fanOut.accessEpoch(doc);
    expect(checkedAt).toBe(0);
    const late = new Sink();
    late.rechecks = true;
    await store.set(`${doc}/pairing/code`, 'ABC234'); // between the caller's check and its registration
    const listener = await fanOut.listen(late, segments(doc), () => {}, checkedAt);
    expect(late.revalidated).toEqual([listener]);
    const current = new Sink();
    await fanOut.listen(current, segments(doc), () => {}, fanOut.accessEpoch(doc));
    expect(current.revalidated).toEqual([]);
    expect(fanOut.accessEpoch(`players/${newId()}`)).toBeUndefined(); // not followed by this node
  });
});
