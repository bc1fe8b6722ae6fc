// A real Redis for tests and benchmarks (docs/testing.md §Testbed): redis-server from Debian's package, in a fresh
// temporary folder, on a free 127.0.0.1 port, without persistence (Marquee uses Redis for pub/sub and rate limits
// only). It can be stopped and started again on the same port, as an operator restarting Redis would.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProcess, type ServiceProcess } from './childProcess';
import { LOOPBACK, freePort, waitForPort } from './freePort';

const START_TIMEOUT_MS = 20_000;

export interface RedisServer {
  /** redis://127.0.0.1:{port} */
  readonly url: string;
  readonly port: number;
  /** Whether the server is running now. */
  running(): boolean;
  /** The server's process while it runs; null when stopped. */
  processId(): number | null;
  /** Stops it (SIGTERM; `kill`: SIGKILL); the port and folder are kept for start(). */
  stop(options?: { kill?: boolean }): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  close(): Promise<void>;
}

export function findRedisServer(): string | null {
  for (const dir of ['/usr/bin', '/usr/local/bin', ...(process.env.PATH ?? '').split(path.delimiter)]) {
    if (dir !== '' && fs.existsSync(path.join(dir, 'redis-server'))) return path.join(dir, 'redis-server');
  }
  return null;
}

export async function startRedis(): Promise<RedisServer> {
  const binary = findRedisServer();
  if (binary === null) {
    throw new Error(
      'redis-server not found: install the Debian package "redis-server" to run the scale-out tests.',
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-redis-'));
  const port = await freePort();
  let current: ServiceProcess | null = null;

  const start = async () => {
    if (current !== null && !current.hasExited()) return;
    const args = [
      '--port',
      String(port),
      '--bind',
      LOOPBACK,
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'no',
      '--daemonize',
      'no',
      '--maxclients',
      '10000',
      '--loglevel',
      'warning',
    ];
    const started = startProcess('redis', binary, args);
    current = started;
    try {
      await Promise.race([
        waitForPort(port, START_TIMEOUT_MS, 'redis-server'),
        started.exited.then((code) => {
          throw new Error(`redis-server exited while starting (${code})`);
        }),
      ]);
    } catch (error) {
      await started.stop('SIGKILL');
      throw new Error(`${(error as Error).message}\n${started.output()}`, { cause: error });
    }
  };

  const stop = async (options: { kill?: boolean } = {}) => {
    if (current === null) return;
    await current.stop(options.kill === true ? 'SIGKILL' : 'SIGTERM', 10_000);
  };

  await start();
  return {
    url: `redis://${LOOPBACK}:${port}`,
    port,
    running: () => current !== null && !current.hasExited(),
    processId: () => (current === null || current.hasExited() ? null : current.pid),
    stop,
    start,
    async close() {
      await stop({ kill: true });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
