// A real PostgreSQL for tests (docs/testing.md §Testbed): initdb into a fresh temporary folder, started on a free
// port with its socket in that folder, stopped and deleted afterwards. No shared or pre-started server. PostgreSQL
// refuses to run as root, so as root the folder is given to the `postgres` user and every binary runs through
// runuser.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './freePort';

const run = promisify(execFile);
const SERVICE_USER = 'postgres';

export interface PostgresServer {
  /** postgres:// URL of the server's default database. */
  url: string;
  /** A URL for a fresh, empty database on this server. */
  createDatabase(name?: string): Promise<string>;
  /**
   * The server's processes now: the postmaster first (from its postmaster.pid), then its children (a backend per
   * connection, and the background workers). Empty once stopped.
   */
  processIds(): number[];
  stop(): Promise<void>;
}

/** The folder holding initdb and pg_ctl: the newest /usr/lib/postgresql/{n}/bin, else the PATH. */
export function findPostgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((entry) => fs.existsSync(path.join(root, entry, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return path.join(root, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir !== '' && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')))
      return dir;
  }
  return null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

async function ensureServiceUser(): Promise<void> {
  try {
    await run('id', ['-u', SERVICE_USER]);
  } catch {
    await run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVICE_USER]);
  }
}

/** Runs a PostgreSQL binary, as the service user when we are root. */
async function pgExec(bin: string, command: string, args: string[]): Promise<void> {
  const file = path.join(bin, command);
  try {
    if (isRoot()) await run('runuser', ['-u', SERVICE_USER, '--', file, ...args]);
    else await run(file, args);
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${command} failed: ${(stderr || stdout || String(error)).trim()}`, { cause: error });
  }
}

export interface PostgresOptions {
  /** Libraries the server loads at start (shared_preload_libraries), e.g. pg_stat_statements. */
  preloadLibraries?: readonly string[];
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = findPostgresBinaries();
  if (bin === null) {
    throw new Error(
      'PostgreSQL binaries (initdb, pg_ctl) not found in /usr/lib/postgresql/*/bin or on the PATH: ' +
        'install the Debian package "postgresql" to run the storage tests on PostgreSQL.',
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (isRoot()) {
    await ensureServiceUser();
    await run('chown', ['-R', `${SERVICE_USER}:`, dir]);
  }
  await pgExec(bin, 'initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-locale',
    '-N',
  ]);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    ...(options.preloadLibraries?.length
      ? [`-c shared_preload_libraries=${options.preloadLibraries.join(',')}`]
      : []),
  ].join(' ');
  try {
    await pgExec(bin, 'pg_ctl', ['-D', dataDir, '-l', logFile, '-o', settings, '-w', '-t', '60', 'start']);
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let counter = 0;
  let stopped = false;

  return {
    url: urlFor('postgres'),
    async createDatabase(name = `test_${process.pid}_${++counter}`) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return urlFor(name);
    },
    processIds() {
      if (stopped) return [];
      const postmaster = Number(readFirstLine(path.join(dataDir, 'postmaster.pid')));
      if (!Number.isInteger(postmaster) || postmaster <= 0) return [];
      return [postmaster, ...childrenOf(postmaster)];
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await pgExec(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function readFirstLine(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n', 1)[0] ?? '';
  } catch {
    return '';
  }
}

/** The processes whose parent is `pid` (/proc/{pid}/stat's fourth field), on Linux; none elsewhere. */
function childrenOf(pid: number): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const children: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}
