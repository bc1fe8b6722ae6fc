// Starts the real Marquee server as its own process (`npm start` minus the build: the apps are built by
// `npm test` before Vitest runs), on a free port with a throw-away data folder, so a test can stop it, start it
// again on the same data, and see what a user would see.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
const START_TIMEOUT_MS = 30_000;

export interface ServerOptions {
  /** Reuse a data folder (restart on the same data); default: a new temp folder. */
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** SIGTERM and wait for exit (graceful shutdown). */
  stop(): Promise<void>;
  /** SIGKILL: the server dies as a machine losing power would. */
  kill(): Promise<void>;
}

/** Fails early with a clear message when the front ends have not been built. */
export function assertAppsBuilt(apps: readonly string[]): void {
  const missing = apps.filter(
    (app) => !fs.existsSync(path.join(REPO_ROOT, 'apps', app, 'dist', 'index.html')),
  );
  if (missing.length > 0) {
    throw new Error(
      `Build the front ends first (npm run build): missing ${missing.map((a) => `apps/${a}/dist`).join(', ')}`,
    );
  }
}

/** Data folders made here: tests restart servers on them, so they outlive each server (cleanup.ts removes them). */
const ownedDataDirs = new Set<string>();

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-e2e-'));
  ownedDataDirs.add(dir);
  return dir;
}

/** Removes the data folders startServer made (after the test file's servers stopped). */
export function removeDataDirs(): void {
  for (const dir of ownedDataDirs) fs.rmSync(dir, { recursive: true, force: true });
  ownedDataDirs.clear();
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? newDataDir();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(TSX, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      MARQUEE_HOST: '127.0.0.1',
      MARQUEE_PUBLIC_URL: url,
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_LOG_LEVEL: 'warn',
      INIT_CWD: REPO_ROOT,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilHealthy(url, child, () => output);
  return {
    url,
    port,
    dataDir,
    output: () => output,
    stop: () => stopProcess(child, 'SIGTERM'),
    kill: () => stopProcess(child, 'SIGKILL'),
  };
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not become healthy within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
