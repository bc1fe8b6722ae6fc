// A real nginx load balancer for the multi-node tests (docs/testing.md §Testbed): Debian's nginx running the
// production template docs/deploy/nginx.conf, its placeholders filled with a temporary folder and free 127.0.0.1
// ports, in the foreground (daemon off) so that it ends with the test run.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, type ServiceProcess } from './childProcess';
import { LOOPBACK, freePort, waitForPort } from './freePort';

const START_TIMEOUT_MS = 20_000;

/** The production template, used verbatim apart from its {{PLACEHOLDERS}}. */
export const NGINX_TEMPLATE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/deploy/nginx.conf',
);

/** Placeholder values; null drops every line that names the placeholder. A NODE line is repeated per node. */
export interface NginxValues {
  USER: string | null;
  RUN_DIR: string;
  LOG_DIR: string;
  TEMP_DIR: string;
  LISTEN: string;
  SERVER_NAME: string;
  NODE: readonly string[];
}

/** Fills the template's placeholders; throws on a placeholder it does not know or one left without a value. */
export function renderNginxConfig(template: string, values: NginxValues): string {
  const lines: string[] = [];
  for (const line of template.split('\n')) {
    // Comments name the placeholders too: they are documentation, kept as written.
    if (line.trimStart().startsWith('#')) {
      lines.push(line);
      continue;
    }
    const names = [...line.matchAll(/\{\{([A-Z_]+)\}\}/g)].map((match) => match[1] as string);
    if (names.length === 0) {
      lines.push(line);
      continue;
    }
    for (const name of names) {
      if (!(name in values)) throw new Error(`nginx template: unknown placeholder {{${name}}}`);
    }
    if (names.some((name) => values[name as keyof NginxValues] === null)) continue;
    const copies = names.includes('NODE') ? values.NODE : [null];
    for (const node of copies) {
      lines.push(
        line.replace(/\{\{([A-Z_]+)\}\}/g, (_match, name: string) =>
          name === 'NODE' ? (node as string) : String(values[name as keyof NginxValues]),
        ),
      );
    }
  }
  return lines.join('\n');
}

export function findNginx(): string | null {
  for (const dir of ['/usr/sbin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(path.delimiter)]) {
    if (dir !== '' && fs.existsSync(path.join(dir, 'nginx'))) return path.join(dir, 'nginx');
  }
  return null;
}

export interface NginxOptions {
  /** host:port of each upstream node. */
  upstreams: readonly string[];
  /** Port to listen on; default a free one. */
  port?: number;
}

export interface NginxServer {
  readonly port: number;
  /** http://127.0.0.1:{port} */
  readonly origin: string;
  /** The rendered configuration file. */
  readonly configFile: string;
  readonly pid: number;
  running(): boolean;
  /** nginx's stderr and error.log, for failure messages. */
  output(): string;
  /** Stops it and deletes its folder. */
  close(): Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export async function startNginx(options: NginxOptions): Promise<NginxServer> {
  const binary = findNginx();
  if (binary === null) {
    throw new Error('nginx not found: install the Debian package "nginx" to run the multi-node tests.');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-nginx-'));
  const port = options.port ?? (await freePort());
  const configFile = path.join(dir, 'nginx.conf');
  const errorLog = path.join(dir, 'error.log');
  fs.writeFileSync(
    configFile,
    renderNginxConfig(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), {
      // As root the workers may stay root: the folder is private to this run.
      USER: isRoot() ? 'root' : null,
      RUN_DIR: dir,
      LOG_DIR: dir,
      TEMP_DIR: dir,
      LISTEN: `${LOOPBACK}:${port}`,
      SERVER_NAME: LOOPBACK,
      NODE: options.upstreams,
    }),
  );

  // Its own process group: the workers are killed with the master, whatever happens to this process.
  const started: ServiceProcess = startProcess(
    'nginx',
    binary,
    ['-p', dir, '-c', configFile, '-e', errorLog, '-g', 'daemon off;'],
    { detached: true },
  );
  const killGroup = () => {
    try {
      process.kill(-started.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killGroup);
  const output = () => {
    const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '';
    return `${started.output()}${log}`;
  };
  const close = async () => {
    // SIGTERM is nginx's fast shutdown: open WebSockets are cut rather than waited for.
    await started.stop('SIGTERM', 5_000);
    killGroup();
    process.removeListener('exit', killGroup);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await Promise.race([
      waitForPort(port, START_TIMEOUT_MS, 'nginx'),
      started.exited.then((code) => {
        throw new Error(`nginx exited while starting (${code})`);
      }),
    ]);
  } catch (error) {
    const message = `${(error as Error).message}\n${output()}`;
    await close();
    throw new Error(message, { cause: error });
  }
  return {
    port,
    origin: `http://${LOOPBACK}:${port}`,
    configFile,
    pid: started.pid,
    running: () => !started.hasExited(),
    output,
    close,
  };
}
