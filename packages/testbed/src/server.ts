// A Marquee server as `npm start` runs it, for end-to-end tests, client tests and benchmarks: one node on SQLite
// in a temporary data folder (or a folder given, to start again on earlier data), on a free 127.0.0.1 port,
// announcing that address as its public URL. close() stops it and deletes the folder it made.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOOPBACK, freePort } from './freePort';
import { createServerNode, type ServerNode } from './serverNode';

export interface ServerOptions {
  /** A data folder to use (a restart on earlier data); default: a new temporary one, deleted by close(). */
  dataDir?: string;
  /** Default: a free port. */
  port?: number;
  /** Configuration over the defaults (MARQUEE_RATE_LIMIT_…, DATABASE_URL…). */
  env?: Record<string, string>;
  /** Node options before the server's script (see ServerNodeOptions). */
  nodeArgs?: string[];
  ipc?: boolean;
  /** For messages; default 'server'. */
  name?: string;
}

export interface MarqueeServer extends ServerNode {
  /** http://127.0.0.1:{port}: the origin, and the public URL the server announces. */
  readonly url: string;
  /** Its MARQUEE_DATA_DIR (the SQLite file and media). */
  readonly dataDir: string;
  /** Stops it (gracefully) and deletes the data folder if it made it. */
  close(): Promise<void>;
}

/** Data folders made here and not yet deleted: removed at exit, also when a test run fails half-way. */
const madeDirs = new Set<string>();
let exitHookInstalled = false;

function makeDataDir(): string {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
    });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-server-'));
  madeDirs.add(dir);
  return dir;
}

/** Starts the server and resolves once it is ready. */
export async function startServer(options: ServerOptions = {}): Promise<MarqueeServer> {
  const dataDir = options.dataDir ?? makeDataDir();
  const made = options.dataDir === undefined;
  const removeDataDir = () => {
    if (!made) return;
    fs.rmSync(dataDir, { recursive: true, force: true });
    madeDirs.delete(dataDir);
  };
  const port = options.port ?? (await freePort());
  const node = await createServerNode({
    name: options.name ?? 'server',
    port,
    env: {
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_PUBLIC_URL: `http://${LOOPBACK}:${port}`,
      MARQUEE_LOG_LEVEL: 'warn',
      ...options.env,
    },
    nodeArgs: options.nodeArgs,
    ipc: options.ipc,
  });
  try {
    await node.start();
  } catch (error) {
    removeDataDir();
    throw error;
  }
  // The node itself, with its members read live (pid, child), and the two this adds.
  return Object.assign(node, {
    url: node.origin,
    dataDir,
    async close() {
      await node.stop();
      removeDataDir();
    },
  });
}
