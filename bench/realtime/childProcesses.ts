// The benchmark's TypeScript child processes (the floor server, the simulated players): started by @marquee/testbed
// as `node --import tsx script.ts` with an IPC channel for rpc.ts. Testbed kills every one of them when the driver
// exits; each echoes its first lines to the driver's stderr and keeps the rest to show when something goes wrong.

import { fileURLToPath } from 'node:url';
import { REPO_ROOT, killAllProcesses, startProcess, type ServiceProcess } from '@marquee/testbed';
import { RpcChild } from './rpc';

export { REPO_ROOT };

const TSX_LOADER = fileURLToPath(import.meta.resolve('tsx'));
/** Output lines shown when a child fails. */
const TAIL_LINES = 40;
/** Output lines of a child echoed to the driver's stderr as they come (the rest is only kept). */
const ECHOED_LINES = 20;

export interface SpawnOptions {
  env?: Record<string, string>;
  /** Node flags before the loader (e.g. --expose-gc). */
  nodeFlags?: string[];
  args?: string[];
}

export class TrackedChild extends RpcChild {
  constructor(
    name: string,
    private readonly started: ServiceProcess,
  ) {
    super(name, started.child);
    let echoed = 0;
    const echo = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '' || echoed >= ECHOED_LINES) continue;
        echoed++;
        process.stderr.write(`[${name}] ${line}\n`);
      }
    };
    started.child.stdout?.on('data', echo);
    started.child.stderr?.on('data', echo);
  }

  /** The last lines the child printed. */
  output(): string {
    return this.started
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(-TAIL_LINES)
      .join('\n');
  }

  get exited(): boolean {
    return this.started.hasExited();
  }

  /** Resolves when the child has exited, killing it after `graceMs` (the signal is sent to this pid only). */
  stop(signal: NodeJS.Signals, graceMs: number): Promise<void> {
    return this.started.stop(signal, graceMs);
  }
}

/** Starts `script` (a .ts file) in its own Node process. */
export function spawnChild(name: string, script: string, options: SpawnOptions = {}): TrackedChild {
  const args = [...(options.nodeFlags ?? []), '--import', TSX_LOADER, script, ...(options.args ?? [])];
  const started = startProcess(name, process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    ipc: true,
  });
  return new TrackedChild(name, started);
}

/** Kills every process started for the run (children and servers), each by its own pid. Safe to call again. */
export function killAllChildren(): void {
  killAllProcesses();
}

/** Longest wait for the services' cleanups when the driver is interrupted. */
const CLEANUP_TIMEOUT_MS = 15_000;
const cleanups = new Set<() => Promise<void>>();

/**
 * Runs `cleanup` if the driver is interrupted before the returned function is called (for services that outlive
 * their starter, such as a PostgreSQL server started with pg_ctl); the returned function unregisters it.
 */
export function cleanUpOnInterrupt(cleanup: () => Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Kills the children when the driver exits, is interrupted or fails. */
export function killChildrenOnExit(): void {
  process.on('exit', killAllChildren);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAllChildren();
      const code = 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1);
      const timeout = new Promise((resolve) => setTimeout(resolve, CLEANUP_TIMEOUT_MS).unref());
      void Promise.race([Promise.allSettled([...cleanups].map((cleanup) => cleanup())), timeout]).then(() =>
        process.exit(code),
      );
    });
  }
}
