// Child processes of the testbed: output kept (the tail, for error messages), stopped with a signal and a grace
// period, and killed when the test process exits, so no service outlives the run that started it.

import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const OUTPUT_LIMIT = 64 * 1024;
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', killAllProcesses);
}

/** SIGKILLs every process the testbed started that is still running (each by its own pid). */
export function killAllProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
}

export interface ServiceProcess {
  readonly name: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<number | NodeJS.Signals>;
  hasExited(): boolean;
  /** The last 64 KiB of its stdout and stderr. */
  output(): string;
  /** Sends `signal`; after `graceMs` without exit, SIGKILL. Resolves once it ended. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export interface ProcessOptions extends Pick<SpawnOptions, 'cwd' | 'env' | 'detached'> {
  /** Opens an IPC channel to the process (`child.send`, `child.on('message')`). */
  ipc?: boolean;
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: ProcessOptions = {},
): ServiceProcess {
  installExitHook();
  const { ipc, ...spawnOptions } = options;
  const child = spawn(command, args, {
    stdio: ipc === true ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    ...spawnOptions,
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let ended = false;
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = true;
      running.delete(child);
      resolve(signal ?? code ?? 0);
    });
    child.once('error', (error) => {
      ended = true;
      running.delete(child);
      output += `\n${String(error)}`;
      resolve(-1);
    });
  });
  return {
    name,
    pid: child.pid,
    child,
    exited,
    hasExited: () => ended,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000) {
      if (ended) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
