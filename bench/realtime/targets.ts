// The servers the benchmark measures, each node in its own process on 127.0.0.1: Marquee as `npm start` runs it
// (the compiled apps/server/dist/main.js, started by @marquee/testbed, with the memory probe imported first) on
// SQLite, or as N nodes sharing PostgreSQL and Redis, and the floor (floorServer.ts). All are driven the same way:
// players connect to a node's `wsUrl` (spread over the nodes round-robin), commands are POSTed to `commandPath` on
// a node's `origin` (with several nodes, never the node the player is connected to), and the fleet-wide change is
// ONE request to `fleetWidePath` on the first node (Marquee's bulk command route, the floor's broadcast).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOOPBACK, createServerNode, freePort, type ServerNode } from '@marquee/testbed';
import { spawnChild, REPO_ROOT, type TrackedChild } from './childProcesses';
import type { MemorySample } from './serverProbe';
import { COMMAND_FLAG } from './playerMessages';
import { residentBytes } from './processInfo';
import { RpcChild } from './rpc';
import type { SeededPlayer } from './seed';
import type { StatementStats } from './statements';

/**
 * marquee: one node on SQLite; cluster: several nodes on PostgreSQL + Redis; floor: the raw-ws floor, in memory;
 * durableFloor: the same floor committing every change to SQLite before answering it.
 */
export type TargetKind = 'marquee' | 'cluster' | 'floor' | 'durableFloor' | 'clusterFloor';

/** The floors: baselines, not Marquee (no heap snapshot, no schedules). */
export const isFloor = (kind: TargetKind) =>
  kind === 'floor' || kind === 'durableFloor' || kind === 'clusterFloor';

/** One server process of a target. */
export interface TargetNode {
  /** The node's process, and its probe's calls (rpc.ts). */
  process: RpcChild;
  origin: string;
  wsUrl: string;
  /** Memory after a full garbage collection; rss as /proc/{pid}/status says (VmRSS). */
  memory(): Promise<MemorySample>;
  stop(): Promise<void>;
}

export interface Target {
  kind: TargetKind;
  /** One for Marquee on SQLite and for the floor. */
  nodes: TargetNode[];
  /** Headers of every command request (the operator's ID token for Marquee). */
  headers: Record<string, string>;
  commandPath(player: SeededPlayer): string;
  /** The one request that raises a command on every player (body: commandBody), sent to the first node. */
  fleetWidePath: string;
  /** The processes of the services the nodes share (PostgreSQL's, the parent first, then Redis), if any. */
  serviceProcessIds?: () => number[];
  /**
   * Gives the database the nodes share the statistics a deployment's has once it has run for a minute (PostgreSQL's
   * autovacuum analyses a table that filled up); absent without one.
   */
  analyzeDatabase?: () => Promise<void>;
  /** With --statements: the statistics of the database the nodes share, reset at each phase's start. */
  statements?: StatementStats;
  stop(): Promise<void>;
}

/** The node the player at `index` (in the seeded order) connects to: round-robin. */
export function connectNodeOf(index: number, nodes: number): number {
  return index % nodes;
}

/**
 * The node a command for the player at `index` is POSTed to: the next one after its connection's, so that with
 * several nodes every command crosses the pub/sub between nodes (one node: that node).
 */
export function commandNodeOf(index: number, nodes: number): number {
  return (connectNodeOf(index, nodes) + 1) % nodes;
}

const HOST = LOOPBACK;
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 20_000;
const BENCH_DIR = path.join(REPO_ROOT, 'bench', 'realtime');
const PROBE_SOURCE = path.join(BENCH_DIR, 'serverProbe.ts');

/** The driver picks its ports here too (testbed's). */
export { freePort };

/** The body of one command: a number unique to it, at action_flags/COMMAND_FLAG. */
export const commandBody = (value: number) => ({ command: COMMAND_FLAG, param: value });

let compiledProbe: Promise<string> | null = null;

/**
 * The probe as one plain ES module, compiled once per run: the Marquee process imports it and runs no TypeScript
 * loader, as in production, so its memory and CPU are the server's own.
 */
function probeModule(): Promise<string> {
  compiledProbe ??= (async () => {
    const esbuild = await import('esbuild');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-probe-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'serverProbe.mjs');
    await esbuild.build({
      entryPoints: [PROBE_SOURCE],
      outfile: file,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    return file;
  })();
  return compiledProbe;
}

async function waitUntilServing(child: TrackedChild, origin: string): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exited) throw new Error(`${child.name} exited while starting:\n${child.output()}`);
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${child.name} did not answer /healthz within ${READY_TIMEOUT_MS} ms:\n${child.output()}`);
}

async function memoryOf(child: RpcChild): Promise<MemorySample> {
  const sample = await child.call<MemorySample>('memory', {}, 60_000);
  return { ...sample, rss: residentBytes(child.pid) };
}

export interface MarqueeNodeOptions {
  /** The data folder (SQLite's, or the folder the nodes share on PostgreSQL). */
  dataDir: string;
  port: number;
  /** PostgreSQL and Redis of a scale-out node; absent: SQLite and the in-process pub/sub. */
  databaseUrl?: string;
  redisUrl?: string;
  /** The origin every node announces (behind a load balancer, the balancer's); default: this node's. */
  publicUrl?: string;
  name?: string;
}

/** One Marquee server process (what `npm start` runs) with the probe, once it is ready. */
export async function startMarqueeNode(options: MarqueeNodeOptions): Promise<TargetNode> {
  const name = options.name ?? 'marquee';
  const origin = `http://${HOST}:${options.port}`;
  const node: ServerNode = await createServerNode({
    name,
    port: options.port,
    nodeArgs: [
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--expose-gc',
      '--import',
      await probeModule(),
    ],
    ipc: true,
    env: {
      MARQUEE_PUBLIC_URL: options.publicUrl ?? origin,
      MARQUEE_DATA_DIR: options.dataDir,
      MARQUEE_LOG_LEVEL: 'warn',
      MARQUEE_BENCH_PROBE: '1',
      // Set to '' when absent: the benchmark's own environment must not turn the SQLite run into something else.
      DATABASE_URL: options.databaseUrl ?? '',
      REDIS_URL: options.redisUrl ?? '',
    },
  });
  await node.start();
  const probe = new RpcChild(name, node.child as NonNullable<ServerNode['child']>);
  return {
    process: probe,
    origin: node.origin,
    wsUrl: node.wsUrl,
    memory: () => memoryOf(probe),
    // SIGTERM: the server closes every socket and drains its writes, as in production.
    stop: () => node.stop(),
  };
}

function marqueeTarget(kind: TargetKind, nodes: TargetNode[], operatorToken: string): Target {
  return {
    kind,
    nodes,
    headers: { authorization: `Bearer ${operatorToken}` },
    commandPath: (player) => `/api/v1/screens/${player.screenId}/commands`,
    // Without screenIds: every screen of the operator's organisation, which holds every seeded player.
    fleetWidePath: '/api/v1/screens/commands',
    stop: async () => {
      await Promise.all(nodes.map((node) => node.stop()));
    },
  };
}

export async function startMarquee(options: {
  dataDir: string;
  port: number;
  operatorToken: string;
}): Promise<Target> {
  const node = await startMarqueeNode({ dataDir: options.dataDir, port: options.port });
  return marqueeTarget('marquee', [node], options.operatorToken);
}

/**
 * `ports.length` Marquee nodes on one PostgreSQL database and one Redis, sharing a data folder and a public URL (the
 * first node's origin: any node answers for any other), started together.
 */
export async function startCluster(options: {
  dataDir: string;
  ports: number[];
  databaseUrl: string;
  redisUrl: string;
  operatorToken: string;
}): Promise<Target> {
  const publicUrl = `http://${HOST}:${options.ports[0]}`;
  const started = await Promise.allSettled(
    options.ports.map((port, index) =>
      startMarqueeNode({
        dataDir: options.dataDir,
        port,
        databaseUrl: options.databaseUrl,
        redisUrl: options.redisUrl,
        publicUrl,
        name: `node-${index + 1}`,
      }),
    ),
  );
  const nodes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure !== undefined) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw failure.reason;
  }
  return marqueeTarget('cluster', nodes, options.operatorToken);
}

/**
 * The floor (floorServer.ts) in its own process; with `databaseFile`, the durable floor, committing every change to
 * that SQLite file (created with its folder) before answering it; with `cluster`, one node of the cluster floor.
 */
async function startFloorNode(name: string, env: Record<string, string>): Promise<TargetNode> {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const child = spawnChild(name, path.join(BENCH_DIR, 'floorServer.ts'), {
    nodeFlags: ['--expose-gc'],
    env: { PORT: String(port), HOST, ...env },
  });
  await waitUntilServing(child, origin);
  return {
    process: child,
    origin,
    wsUrl: `ws://${HOST}:${port}/realtime`,
    memory: () => memoryOf(child),
    stop: () => child.stop('SIGTERM', STOP_GRACE_MS),
  };
}

const floorTarget = (kind: TargetKind, nodes: TargetNode[]): Target => ({
  kind,
  nodes,
  headers: {},
  commandPath: (player) => `/players/${player.playerId}/commands`,
  fleetWidePath: '/players/commands',
  stop: async () => {
    await Promise.all(nodes.map((node) => node.stop()));
  },
});

export async function startFloor(options: { databaseFile?: string } = {}): Promise<Target> {
  const durable = options.databaseFile !== undefined;
  if (options.databaseFile !== undefined) {
    fs.mkdirSync(path.dirname(options.databaseFile), { recursive: true });
  }
  const node = await startFloorNode(durable ? 'durable-floor' : 'floor', {
    FLOOR_DB: options.databaseFile ?? '',
  });
  return floorTarget(durable ? 'durableFloor' : 'floor', [node]);
}

/**
 * `count` nodes of the cluster floor on one PostgreSQL database and one Redis (floorCluster.ts): the baseline of
 * Marquee's nodes, as the durable floor is the single node's.
 */
export async function startClusterFloor(options: {
  count: number;
  databaseUrl: string;
  redisUrl: string;
}): Promise<Target> {
  const env = {
    FLOOR_PG: options.databaseUrl,
    FLOOR_REDIS: options.redisUrl,
    FLOOR_NODES: String(options.count),
  };
  // One first: it creates the table the others would race to create.
  const first = await startFloorNode('cluster-floor-1', env);
  const started = await Promise.allSettled(
    Array.from({ length: options.count - 1 }, (_, index) =>
      startFloorNode(`cluster-floor-${index + 2}`, env),
    ),
  );
  const nodes = [
    first,
    ...started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
  ];
  const failure = started.find((result) => result.status === 'rejected');
  if (failure !== undefined) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw failure.reason;
  }
  return floorTarget('clusterFloor', nodes);
}
