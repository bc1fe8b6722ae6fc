// A Marquee cluster as the deployment guide runs it (docs/deployment.md §Run N nodes, docs/deploy): PostgreSQL,
// Redis, N identical server nodes sharing a data folder, and nginx in front with the production template. Everything
// runs in one temporary folder on free 127.0.0.1 ports and is removed by close().

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOOPBACK, freePort } from './freePort';
import { startNginx, type NginxServer } from './nginx';
import { startPostgres, type PostgresServer } from './postgres';
import { startRedis, type RedisServer } from './redis';
import { createServerNode, type ServerNode } from './serverNode';

export type { ServerNode } from './serverNode';

export interface ClusterOptions {
  /** Number of server nodes, named 'a', 'b', 'c'…; default 3. */
  nodes?: number;
  /** Names of the nodes started at once; default all (the others: node(name).start() later). */
  start?: string[];
  /** Extra environment for every node (rate limits, log level…); wins over the cluster's own. */
  env?: Record<string, string>;
}

export interface Cluster {
  /** nginx: http://127.0.0.1:{port}. */
  readonly origin: string;
  /** ws://127.0.0.1:{port}/realtime through nginx. */
  readonly wsUrl: string;
  readonly databaseUrl: string;
  /** MARQUEE_DATA_DIR of every node (media files). */
  readonly dataDir: string;
  readonly postgres: PostgresServer;
  readonly redis: RedisServer;
  readonly nginx: NginxServer;
  readonly nodes: ServerNode[];
  /** The node named `name`; throws for an unknown name. */
  node(name: string): ServerNode;
  /** Stops the nodes (gracefully), nginx, Redis and PostgreSQL, and deletes every temporary folder. */
  close(): Promise<void>;
}

export const nodeName = (index: number): string => String.fromCharCode(97 + index);

/** `count` distinct free ports (the kernel may hand out a port again once it was released). */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** Runs every step even when some fail; throws the first failure afterwards. */
async function settleAll(steps: (() => Promise<unknown>)[]): Promise<void> {
  const results = await Promise.allSettled(steps.map((step) => step()));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.nodes ?? 3;
  if (!Number.isInteger(count) || count < 1 || count > 26) throw new RangeError('nodes must be 1 to 26');
  const names = Array.from({ length: count }, (_unused, index) => nodeName(index));
  const startNames = options.start ?? names;
  const unknown = startNames.filter((name) => !names.includes(name));
  if (unknown.length > 0) throw new Error(`start names unknown nodes: ${unknown.join(', ')}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-cluster-'));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  const cleanups: (() => Promise<void>)[] = [async () => fs.rmSync(dir, { recursive: true, force: true })];
  const cleanUp = async () => {
    // Last started, first stopped: the nodes before nginx, Redis and PostgreSQL.
    const steps = cleanups.splice(0).reverse();
    for (const step of steps) await step().catch(() => {});
  };

  try {
    const [postgresResult, redisResult] = await Promise.allSettled([startPostgres(), startRedis()]);
    if (postgresResult.status === 'fulfilled') cleanups.push(() => postgresResult.value.stop());
    if (redisResult.status === 'fulfilled') cleanups.push(() => redisResult.value.close());
    if (postgresResult.status === 'rejected') throw postgresResult.reason;
    if (redisResult.status === 'rejected') throw redisResult.reason;
    const postgres = postgresResult.value;
    const redis = redisResult.value;
    const databaseUrl = await postgres.createDatabase('marquee');

    const [nginxPort, ...nodePorts] = await freePorts(count + 1);
    const nginx = await startNginx({
      port: nginxPort,
      upstreams: nodePorts.map((port) => `${LOOPBACK}:${port}`),
    });
    cleanups.push(() => nginx.close());

    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_PUBLIC_URL: nginx.origin,
      MARQUEE_TRUST_PROXY: LOOPBACK,
      MARQUEE_LOG_LEVEL: 'warn',
      ...options.env,
    };
    const nodes = await Promise.all(
      names.map((name, index) => createServerNode({ name, port: nodePorts[index], env })),
    );
    cleanups.push(() => settleAll(nodes.map((node) => () => node.stop())));
    await settleAll(nodes.filter((node) => startNames.includes(node.name)).map((node) => () => node.start()));

    const byName = new Map(nodes.map((node) => [node.name, node]));
    return {
      origin: nginx.origin,
      wsUrl: `${nginx.origin.replace(/^http/, 'ws')}/realtime`,
      databaseUrl,
      dataDir,
      postgres,
      redis,
      nginx,
      nodes,
      node(name) {
        const node = byName.get(name);
        if (node === undefined) throw new Error(`no node ${name} (nodes: ${names.join(', ')})`);
        return node;
      },
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
