// The two servers the benchmark measures, each in its own process on 127.0.0.1: Marquee as `npm start` runs it
// (apps/server/src/main.ts on SQLite, with the memory probe imported first), and the floor (floorServer.ts). Both
// are driven the same way: players connect to `wsUrl`, commands are POSTed to `commandPath` on `origin`, and the
// fleet-wide change is ONE request to `fleetWidePath` (Marquee's bulk command route, the floor's broadcast).

import net from 'node:net';
import path from 'node:path';
import { spawnChild, REPO_ROOT, type TrackedChild } from './childProcesses';
import type { MemorySample } from './serverProbe';
import { COMMAND_FLAG } from './playerMessages';
import { residentBytes } from './processInfo';
import type { SeededPlayer } from './seed';

export type TargetKind = 'marquee' | 'floor';

export interface Target {
  kind: TargetKind;
  process: TrackedChild;
  origin: string;
  wsUrl: string;
  /** Headers of every command request (the operator's ID token for Marquee). */
  headers: Record<string, string>;
  commandPath(player: SeededPlayer): string;
  /** The one request that raises a command on every player (body: commandBody). */
  fleetWidePath: string;
  /** Memory after a full garbage collection; rss as /proc/{pid}/status says (VmRSS). */
  memory(): Promise<MemorySample>;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 20_000;
const BENCH_DIR = path.join(REPO_ROOT, 'bench', 'realtime');

/** The body of one command: a number unique to it, at action_flags/COMMAND_FLAG. */
export const commandBody = (value: number) => ({ command: COMMAND_FLAG, param: value });

/** A port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(child: TrackedChild, origin: string): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exited) throw new Error(`${child.name} exited while starting:\n${child.output()}`);
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${child.name} did not answer /healthz within ${READY_TIMEOUT_MS} ms:\n${child.output()}`);
}

async function memoryOf(child: TrackedChild): Promise<MemorySample> {
  const sample = await child.call<MemorySample>('memory', {}, 60_000);
  return { ...sample, rss: residentBytes(child.pid) };
}

export async function startMarquee(options: {
  dataDir: string;
  port: number;
  operatorToken: string;
}): Promise<Target> {
  const { port } = options;
  const origin = `http://${HOST}:${port}`;
  const child = spawnChild('marquee', path.join(REPO_ROOT, 'apps/server/src/main.ts'), {
    nodeFlags: ['--expose-gc'],
    preload: [path.join(BENCH_DIR, 'serverProbe.ts')],
    env: {
      PORT: String(port),
      MARQUEE_HOST: HOST,
      MARQUEE_PUBLIC_URL: origin,
      MARQUEE_DATA_DIR: options.dataDir,
      MARQUEE_LOG_LEVEL: 'warn',
      MARQUEE_BENCH_PROBE: '1',
    },
  });
  await waitUntilServing(child, origin);
  return {
    kind: 'marquee',
    process: child,
    origin,
    wsUrl: `ws://${HOST}:${port}/realtime`,
    headers: { authorization: `Bearer ${options.operatorToken}` },
    commandPath: (player) => `/api/v1/screens/${player.screenId}/commands`,
    // Without screenIds: every screen of the operator's organisation, which holds every seeded player.
    fleetWidePath: '/api/v1/screens/commands',
    memory: () => memoryOf(child),
    // SIGTERM: the server closes every socket and drains its writes, as in production.
    stop: () => child.stop('SIGTERM', STOP_GRACE_MS),
  };
}

export async function startFloor(): Promise<Target> {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const child = spawnChild('floor', path.join(BENCH_DIR, 'floorServer.ts'), {
    nodeFlags: ['--expose-gc'],
    env: { PORT: String(port), HOST },
  });
  await waitUntilServing(child, origin);
  return {
    kind: 'floor',
    process: child,
    origin,
    wsUrl: `ws://${HOST}:${port}/realtime`,
    headers: {},
    commandPath: (player) => `/players/${player.playerId}/commands`,
    fleetWidePath: '/players/commands',
    memory: () => memoryOf(child),
    stop: () => child.stop('SIGTERM', STOP_GRACE_MS),
  };
}
