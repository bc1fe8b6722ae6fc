// One Marquee server node as production runs it: the compiled server (`node --max-semi-space-size=32
// apps/server/dist/main.js`, what `npm start` runs; without the flag for a scale-out node) in its own process, so a
// SIGKILL kills the server itself, configured only by its environment, ready when /readyz answers 200. It can be
// stopped, killed and started again on the same port, as an operator or a crash would. Before its first start the
// build is asked whether the server is built from the current sources (build.ts).

import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { assertBuilt } from './build';
import { startProcess, type ServiceProcess } from './childProcess';
import { LOOPBACK, freePort } from './freePort';
import { REPO_ROOT } from './repo';

/** The compiled server (tools/build.mjs writes it). */
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
/**
 * Node's flags for the server, as `npm start` (package.json) runs it: a young generation of 2 × 32 MiB instead of
 * 2 × 16 MiB, so that a connection's setup objects die before a collection rather than being copied and promoted
 * (docs/deployment.md says what it bought).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];

/**
 * The flags of a node: a scale-out node (REDIS_URL set) runs without SERVER_NODE_FLAGS, as docs/deployment.md
 * §Run N nodes runs it (holding a part of the fleet, the flag cost it memory and bought nothing measurable).
 */
export function serverNodeFlags(env: Readonly<Record<string, string | undefined>>): readonly string[] {
  return env.REDIS_URL ? [] : SERVER_NODE_FLAGS;
}

/** Starting takes a second or two (migrations); the machine may be busy. */
const READY_TIMEOUT_MS = 60_000;
/** main.ts gives requests in flight 10 s at shutdown; past this, SIGKILL. */
const STOP_GRACE_MS = 15_000;
/** Output kept across restarts: the runs before the current one are often what explains a failure. */
const OUTPUT_LIMIT = 128 * 1024;
/** What the node inherits from this process; everything else comes from `env`. */
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'TZ', 'LANG'];

export interface ServerNode {
  /** 'a', 'b', 'c'… */
  readonly name: string;
  readonly port: number;
  /** http://127.0.0.1:{port}, straight to this node. */
  readonly origin: string;
  /** ws://127.0.0.1:{port}/realtime, straight to this node. */
  readonly wsUrl: string;
  /** The running process's id; null when stopped. */
  readonly pid: number | null;
  /** The running process (its IPC channel with `ipc`); null when stopped. */
  readonly child: ChildProcess | null;
  running(): boolean;
  /** Starts it (again) on the same port and waits until GET /readyz answers 200. */
  start(): Promise<void>;
  /** SIGTERM: the graceful shutdown (sockets closed with 1001, onDisconnect actions run). */
  stop(): Promise<void>;
  /** SIGKILL, as a machine losing power; resolves once the process is gone. */
  kill(): Promise<void>;
  /** Everything it printed, over all its runs (the tail). */
  output(): string;
}

export interface ServerNodeOptions {
  name: string;
  /** Default: a free port. */
  port?: number;
  /** The node's configuration (DATABASE_URL, REDIS_URL, MARQUEE_DATA_DIR…); PORT and MARQUEE_HOST are set here. */
  env: Record<string, string>;
  /** Node options before the server's script: flags (--expose-gc) and modules imported first (--import …). */
  nodeArgs?: string[];
  /** Opens an IPC channel to the process (`child.send`, `child.on('message')`). */
  ipc?: boolean;
}

/** Resolves once GET {origin}/readyz answers 200; rejects if the process ends or the time runs out. */
async function waitUntilReady(origin: string, child: ServiceProcess): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  let last = 'no answer';
  while (performance.now() < deadline) {
    if (child.hasExited()) throw new Error(`exited while starting (${await child.exited})`);
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(3_000) });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not ready within ${READY_TIMEOUT_MS} ms (last /readyz: ${last})`);
}

export async function createServerNode(options: ServerNodeOptions): Promise<ServerNode> {
  const port = options.port ?? (await freePort());
  const origin = `http://${LOOPBACK}:${port}`;
  let current: ServiceProcess | null = null;
  let earlier = '';

  const env: Record<string, string> = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  Object.assign(env, options.env, { PORT: String(port), MARQUEE_HOST: LOOPBACK });

  const running = () => current !== null && !current.hasExited();
  let starting: Promise<void> | null = null;
  const output = () => `${earlier}${current?.output() ?? ''}`.slice(-OUTPUT_LIMIT);
  const retire = () => {
    if (current !== null)
      earlier = `${earlier}${current.output()}\n--- node ${options.name} ended ---\n`.slice(-OUTPUT_LIMIT);
    current = null;
  };

  const launch = async () => {
    if (running()) return;
    await assertBuilt(['server']);
    retire();
    const started = startProcess(
      `node ${options.name}`,
      process.execPath,
      [...serverNodeFlags(env), ...(options.nodeArgs ?? []), SERVER_MAIN],
      { cwd: REPO_ROOT, env, ipc: options.ipc === true },
    );
    current = started;
    try {
      await waitUntilReady(origin, started);
    } catch (error) {
      await started.stop('SIGKILL');
      throw new Error(`server node ${options.name} (${origin}): ${(error as Error).message}\n${output()}`, {
        cause: error,
      });
    }
  };

  return {
    name: options.name,
    port,
    origin,
    wsUrl: `ws://${LOOPBACK}:${port}/realtime`,
    get pid() {
      return running() ? (current as ServiceProcess).pid : null;
    },
    get child() {
      return running() ? (current as ServiceProcess).child : null;
    },
    running,
    output,
    start() {
      // A second call while starting waits for the same start.
      starting ??= launch().finally(() => (starting = null));
      return starting;
    },
    async stop() {
      if (current === null) return;
      await current.stop('SIGTERM', STOP_GRACE_MS);
    },
    async kill() {
      if (current === null) return;
      await current.stop('SIGKILL');
    },
  };
}
