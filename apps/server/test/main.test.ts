// The real entry point in a child process: configuration errors stop the start with a message naming the
// variable; a started service prints its URLs, serves on a real port, and a SIGTERM ends it cleanly with every
// acknowledged write on disk and nothing left listening.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from './harness/databases';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function start(env: Record<string, string>): ChildProcessWithoutNullStreams {
  const base = { ...process.env };
  for (const name of Object.keys(base)) {
    if (name.startsWith('MARQUEE_') || ['PORT', 'DATABASE_URL', 'REDIS_URL', 'INIT_CWD'].includes(name))
      delete base[name];
  }
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...base, ...env },
  });
}

function collect(child: ChildProcessWithoutNullStreams) {
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output, exited };
}

async function waitFor(predicate: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    net
      .connect(port, '127.0.0.1')
      .on('connect', function (this: net.Socket) {
        this.destroy();
        resolve(false);
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('main', () => {
  const children: ChildProcessWithoutNullStreams[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start with a bad variable, naming it', async () => {
    const child = start({ PORT: 'abc', MARQUEE_MODE: 'staging' });
    children.push(child);
    const { output, exited } = collect(child);
    expect(await exited).toBe(1);
    expect(output.stderr).toContain('Invalid configuration:');
    expect(output.stderr).toContain('PORT must be an integer between 0 and 65535 (got "abc")');
    expect(output.stderr).toContain('MARQUEE_MODE must be "production" or "edge" (got "staging")');
  });

  it('starts on SQLite, prints its URLs, and shuts down on SIGTERM keeping acknowledged writes', async () => {
    const dataDir = tempDir('marquee-main-');
    dirs.push(dataDir);
    const child = start({
      PORT: '0',
      MARQUEE_HOST: '127.0.0.1',
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_LOG_LEVEL: 'warn',
    });
    children.push(child);
    const { output, exited } = collect(child);
    await waitFor(() => output.stdout.includes('API docs:'), 'the start banner');
    const port = /Player: +http:\/\/localhost:(\d+)\//.exec(output.stdout)?.[1];
    expect(port).toBeDefined();
    expect(output.stdout).toContain(`Studio:   http://localhost:${port}/studio/`);
    expect(output.stdout).toContain(`API docs: http://localhost:${port}/docs`);

    const response = await fetch(`http://127.0.0.1:${port}/_internal/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device: { id: 'durable', model: 'm', platform: 'browser' } }),
    });
    expect(response.status).toBe(201);

    // Its listening socket has more descriptors than one (http/acceptors.ts), all closed at shutdown.
    expect(output.stdout).not.toContain('accepting on one descriptor');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await connectionRefused(Number(port))).toBe(true);
    const sqlite = new BetterSqlite3(path.join(dataDir, 'marquee.sqlite'), { readonly: true });
    try {
      expect(sqlite.prepare('select id from players').all()).toEqual([{ id: 'durable' }]);
      const doc = sqlite
        .prepare("select value from realtime_documents where path = 'players/durable'")
        .get() as {
        value: string;
      };
      expect(JSON.parse(doc.value)).toMatchObject({ settings: { name: 'Marquee Player' } });
    } finally {
      sqlite.close();
    }
  });
});
