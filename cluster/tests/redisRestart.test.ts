// The Redis-restart scenario (docs/testing.md §Cluster): restarting Redis while players write through every node and
// the studio listens to them on the other nodes loses no acknowledged write, leaves every listener with the current
// value once Redis is back, and each node says it is not ready (/readyz 503) while Redis is away.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster, type ServerNode } from '@marquee/testbed';
import { Conditions, LogBook, ValueRecorder, openClient, readPlayerDocuments } from '../harness/fleet';
import { LIFTED_RATE_LIMITS, createOperator, createPlayers } from '../harness/players';
import { PacedLoad, Writer, storedCounter, writersMissingWrites } from '../harness/writeLoad';

const WRITERS_PER_NODE = 3;
/** Writes per second over all writers. */
const RATE = 90;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls GET /readyz of `node` until it answers `status`; answers how long that took. */
async function readyzBecomes(node: ServerNode, status: number, timeoutMs: number): Promise<number> {
  const began = Date.now();
  let last = 'no answer';
  while (Date.now() - began < timeoutMs) {
    try {
      const response = await fetch(`${node.origin}/readyz`, { signal: AbortSignal.timeout(3_000) });
      await response.arrayBuffer();
      if (response.status === status) return Date.now() - began;
      last = String(response.status);
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(100);
  }
  throw new Error(
    `node ${node.name}: /readyz did not answer ${status} within ${timeoutMs} ms (last: ${last})`,
  );
}

describe('restarting Redis while writers on every node keep writing', () => {
  let cluster: Cluster;
  const logs = new LogBook();
  const conditions = new Conditions();
  let writers: Writer[];
  /** One operator client per node, listening to the writers of the other nodes. */
  let listeners: { node: ServerNode; recorder: ValueRecorder; writers: Writer[] }[];
  let downAt: number;
  let upAt: number;
  const readyz: { node: string; notReadyAfterMs?: number; readyAfterMs?: number; error?: string }[] = [];
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    const began = Date.now();
    cluster = await startCluster({ env: LIFTED_RATE_LIMITS });
    const operator = await createOperator(cluster.origin);
    const identities = await createPlayers(cluster.origin, operator, WRITERS_PER_NODE * cluster.nodes.length);
    writers = identities.map((identity, index) => {
      const node = cluster.nodes[index % cluster.nodes.length] as ServerNode;
      return new Writer(identity, { url: node.wsUrl, restUrl: node.origin, logs }, conditions);
    });
    const nodeOf = (writer: Writer) => cluster.nodes[writers.indexOf(writer) % cluster.nodes.length];
    listeners = cluster.nodes.map((node) => {
      const recorder = new ValueRecorder(
        openClient({ url: node.wsUrl, restUrl: node.origin, idToken: operator.token, logs }),
        conditions,
      );
      const others = writers.filter((writer) => nodeOf(writer) !== node);
      recorder.listen(others.map((writer) => writer.counterPath));
      return { node, recorder, writers: others };
    });
    await conditions.until(
      () =>
        writers.every((writer) => writer.connected) &&
        listeners.every(({ recorder, writers: watched }) =>
          watched.every((writer) => recorder.of(writer.counterPath).length > 0),
        ),
      30_000,
      () => 'writers connected and listens answered',
    );
    figures.setupS = (Date.now() - began) / 1000;

    // Every writer writes until Redis comes back; then only the first half goes on. The others' last writes were
    // made while Redis was away: their listeners on other nodes can only learn them by catching up.
    const load = new PacedLoad(writers, { ratePerSecond: RATE });
    const continuing = writers.filter((_writer, index) => index % 2 === 0);
    const after = new PacedLoad(continuing, { ratePerSecond: RATE / 2 });
    load.start();
    try {
      await sleep(2_000);
      downAt = Date.now();
      await cluster.redis.stop();
      const down = await Promise.allSettled(cluster.nodes.map((node) => readyzBecomes(node, 503, 20_000)));
      await sleep(Math.max(0, downAt + 3_000 - Date.now()));
      load.stop();
      await conditions.until(
        () => writers.every((writer) => writer.outstanding === 0),
        20_000,
        () => 'writes made while Redis is down answered',
      );
      upAt = Date.now();
      await cluster.redis.start();
      after.start();
      const up = await Promise.allSettled(cluster.nodes.map((node) => readyzBecomes(node, 200, 30_000)));
      cluster.nodes.forEach((node, index) => {
        const [notReady, ready] = [down[index], up[index]] as PromiseSettledResult<number>[];
        const failure = [notReady, ready].find((result) => result?.status === 'rejected');
        readyz.push({
          node: node.name,
          ...(notReady?.status === 'fulfilled' ? { notReadyAfterMs: notReady.value } : {}),
          ...(ready?.status === 'fulfilled' ? { readyAfterMs: ready.value } : {}),
          ...(failure === undefined ? {} : { error: String((failure as PromiseRejectedResult).reason) }),
        });
      });
      await sleep(2_000);
    } finally {
      load.stop();
      after.stop();
    }
    // Every write is answered (writes whose answer was lost are sent again by the client).
    await conditions.until(
      () => writers.every((writer) => writer.outstanding === 0),
      30_000,
      () => `${writers.reduce((sum, writer) => sum + writer.outstanding, 0)} writes still unanswered`,
    );
  }, 240_000);

  afterAll(async () => {
    for (const { recorder } of listeners ?? []) recorder.close();
    for (const writer of writers ?? []) writer.close();
    await cluster?.close();
    console.info(`redis restart: ${JSON.stringify({ ...figures, readyz })}`);
  });

  it('each node answers /readyz 503 while Redis is down and 200 once it is back', () => {
    expect(readyz.filter((entry) => entry.error !== undefined)).toEqual([]);
    expect(readyz.map((entry) => entry.node)).toEqual(cluster.nodes.map((node) => node.name));
  });

  it('loses no acknowledged write', async () => {
    const acked = writers.flatMap((writer) => writer.acked);
    figures.ackedWrites = acked.length;
    figures.ackedWhileRedisDown = acked.filter(({ at }) => at >= downAt && at < upAt).length;
    expect(writers.flatMap((writer) => writer.refused)).toEqual([]);
    // Writes went on while Redis was away: these are the ones a lost publish could have lost.
    expect(figures.ackedWhileRedisDown).toBeGreaterThan(0);

    expect(await writersMissingWrites(cluster.databaseUrl, writers)).toEqual([]);
    // Each writer's last write is the stored value.
    const documents = await readPlayerDocuments(
      cluster.databaseUrl,
      writers.map((writer) => writer.playerId),
    );
    for (const writer of writers) {
      expect(storedCounter(documents.get(writer.playerId) ?? null), writer.playerId).toBe(writer.lastAcked);
    }
  });

  it('leaves every listener, on every node, with the current value', async () => {
    const documents = await readPlayerDocuments(
      cluster.databaseUrl,
      writers.map((writer) => writer.playerId),
    );
    const stale = () =>
      listeners.flatMap(({ node, recorder, writers: watched }) =>
        watched
          .filter(
            (writer) =>
              recorder.last(writer.counterPath) !== storedCounter(documents.get(writer.playerId) ?? null),
          )
          .map((writer) => ({
            node: node.name,
            player: writer.playerId,
            heard: recorder.last(writer.counterPath),
            stored: storedCounter(documents.get(writer.playerId) ?? null),
          })),
      );
    // How many listeners had missed a write made while Redis was away (what the catch-up has to repair).
    figures.listenersBehindWhenRedisReturned = listeners.reduce(
      (count, { recorder, writers: watched }) =>
        count +
        watched.filter((writer) => {
          const before = recorder.of(writer.counterPath).filter(({ at }) => at < upAt);
          return before.at(-1)?.value !== writer.acked.filter(({ at }) => at < upAt).at(-1)?.seq;
        }).length,
      0,
    );
    await conditions
      .until(
        () => stale().length === 0,
        10_000,
        () => JSON.stringify(stale()),
      )
      .catch(() => {});
    expect(stale()).toEqual([]);
    expect(listeners.flatMap(({ recorder }) => recorder.refused)).toEqual([]);
  });
});
