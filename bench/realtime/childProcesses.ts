// The benchmark's child processes (Marquee server, floor server, simulated players): TypeScript run by Node with
// the tsx loader, each with an IPC channel. Every child is tracked and killed by its pid when the driver exits or
// fails, and each keeps its last output lines to show when something goes wrong.

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RpcChild } from './rpc';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX_LOADER = fileURLToPath(import.meta.resolve('tsx'));
/** Output lines kept per child. */
const TAIL_LINES = 40;
/** Output lines of a child echoed to the driver's stderr as they come (the rest is only kept). */
const ECHOED_LINES = 20;

export interface SpawnOptions {
  env?: Record<string, string>;
  /** Node flags before the loader (e.g. --expose-gc). */
  nodeFlags?: string[];
  /** Modules imported before the script (after the tsx loader). */
  preload?: string[];
  args?: string[];
}

export class TrackedChild extends RpcChild {
  private readonly tail: string[] = [];
  private echoed = 0;

  constructor(name: string, child: ChildProcess) {
    super(name, child);
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        this.tail.push(line);
        if (this.tail.length > TAIL_LINES) this.tail.shift();
        if (this.echoed < ECHOED_LINES) {
          this.echoed++;
          process.stderr.write(`[${name}] ${line}\n`);
        }
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
  }

  /** The last lines the child printed. */
  output(): string {
    return this.tail.join('\n');
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** Resolves when the child has exited, killing it after `graceMs` (the signal is sent to this pid only). */
  async stop(signal: NodeJS.Signals, graceMs: number): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}

const running = new Set<TrackedChild>();

/** Starts `script` (a .ts file) in its own Node process. */
export function spawnChild(name: string, script: string, options: SpawnOptions = {}): TrackedChild {
  const flags = [
    ...(options.nodeFlags ?? []),
    '--import',
    TSX_LOADER,
    ...(options.preload ?? []).flatMap((module) => ['--import', module]),
  ];
  const child = spawn(process.execPath, [...flags, script, ...(options.args ?? [])], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const tracked = new TrackedChild(name, child);
  running.add(tracked);
  child.on('exit', () => running.delete(tracked));
  return tracked;
}

/** Kills every child still running, each by its own pid. Safe to call more than once, also at process exit. */
export function killAllChildren(): void {
  for (const child of running) {
    if (!child.exited) child.child.kill('SIGKILL');
  }
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
