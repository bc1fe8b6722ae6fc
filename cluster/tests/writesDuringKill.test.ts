// The writes-during-a-kill scenario (docs/testing.md §Cluster): a `kill -9` of a node during 1,000 writes/s loses no
// acknowledged write. Writers connect through nginx (spread over the three nodes), each write has its own key, node
// B is killed in the middle; the writers that were on B reconnect through nginx to the others and go on writing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '@marquee/testbed';
import { Conditions, LogBook } from '../harness/fleet';
import { LIFTED_RATE_LIMITS, createOperator, createPlayers } from '../harness/players';
import { PacedLoad, Writer, ackRate, writersMissingWrites } from '../harness/writeLoad';

const WRITERS = 60;
/** Writes per second over all writers (each client sends at most 100 a second). */
const RATE = 1_000;
const BEFORE_KILL_MS = 3_000;
const AFTER_KILL_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kill -9 of a node during 1,000 writes/s', () => {
  let cluster: Cluster;
  const logs = new LogBook();
  const conditions = new Conditions();
  let writers: Writer[];
  let startedAt: number;
  let killedAt: number;
  let stoppedAt: number;
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    const began = Date.now();
    cluster = await startCluster({ env: LIFTED_RATE_LIMITS });
    const operator = await createOperator(cluster.origin);
    const identities = await createPlayers(cluster.origin, operator, WRITERS);
    writers = identities.map(
      (identity) => new Writer(identity, { url: cluster.wsUrl, restUrl: cluster.origin, logs }, conditions),
    );
    await conditions.until(
      () => writers.every((writer) => writer.connected),
      30_000,
      () => 'writers connected',
    );
    figures.setupS = (Date.now() - began) / 1000;

    const load = new PacedLoad(writers, { ratePerSecond: RATE });
    startedAt = Date.now();
    load.start();
    try {
      await sleep(BEFORE_KILL_MS);
      killedAt = Date.now();
      await cluster.node('b').kill();
      await sleep(Math.max(0, killedAt + AFTER_KILL_MS - Date.now()));
    } finally {
      load.stop();
      stoppedAt = Date.now();
    }
    await conditions.until(
      () => writers.every((writer) => writer.outstanding === 0),
      30_000,
      () => `${writers.reduce((sum, writer) => sum + writer.outstanding, 0)} writes still unanswered`,
    );
    figures.drainedAfterMs = Date.now() - stoppedAt;
  }, 240_000);

  afterAll(async () => {
    for (const writer of writers ?? []) writer.close();
    await cluster?.close();
    console.info(`writes during kill: ${JSON.stringify(figures)}`);
  });

  it('loses no acknowledged write', async () => {
    figures.ackedWrites = writers.reduce((sum, writer) => sum + writer.acked.length, 0);
    figures.ackedPerSecond = Math.round(ackRate(writers, startedAt, stoppedAt));
    figures.ackedPerSecondBeforeKill = Math.round(ackRate(writers, startedAt, killedAt));
    figures.ackedPerSecondAfterKill = Math.round(ackRate(writers, killedAt, stoppedAt));
    // Every write was answered, and none refused: a write whose socket died is sent again, never failed.
    expect(writers.flatMap((writer) => writer.refused)).toEqual([]);

    expect(await writersMissingWrites(cluster.databaseUrl, writers)).toEqual([]);
  });

  it('the writers that were on the killed node reconnect and go on writing', () => {
    const cut = writers.filter((writer) => writer.disconnectedAt.some((at) => at >= killedAt));
    figures.writersOnKilledNode = cut.length;
    // least_conn spread the writers over the three nodes: about a third were on B.
    expect(cut.length).toBeGreaterThan(0);
    const reconnections = cut.map((writer) => writer.connectedAt.findIndex((at) => at > killedAt));
    expect(
      cut.filter((_writer, index) => reconnections[index] === -1).map((writer) => writer.playerId),
    ).toEqual([]);
    figures.lastReconnectionMs =
      Math.max(...cut.map((writer, index) => writer.connectedAt[reconnections[index] as number] as number)) -
      killedAt;
    // Each had writes made after it was back acknowledged.
    const stalled = cut.filter((writer, index) => {
      const issuedBefore = writer.issuedWhenConnected[reconnections[index] as number] as number;
      return !writer.acked.some(({ seq }) => seq > issuedBefore);
    });
    expect(stalled.map((writer) => writer.playerId)).toEqual([]);
    // The others never lost their connection.
    expect(writers.filter((writer) => !cut.includes(writer) && writer.disconnectedAt.length > 0)).toEqual([]);
  });
});
