// The whole benchmark at 200 players, as `npm run bench:realtime -- --players 200 --quick` runs it: every figure
// is measured, for Marquee and the floor, with sane values, and no process is left behind. Budgets are not asserted
// (they are the benchmark's report, not a test).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetFigures } from './measureTarget';
import type { FigureRow } from './report';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const TSX_LOADER = fileURLToPath(import.meta.resolve('tsx'));
const RUN_TIMEOUT_MS = 90_000;

interface Result {
  players: {
    requested: number;
    seeded: number;
    connected: { marquee: number; floor: number | null };
    limitedBy: string | null;
  };
  seeding: { seconds: number };
  figures: FigureRow[];
  marquee: TargetFigures;
  floor: TargetFigures | null;
}

let outDir = '';
let stdout = '';
let exitCode: number | null = null;
let result: Result;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-test-'));
  const child = spawn(
    process.execPath,
    ['--import', TSX_LOADER, MAIN, '--players', '200', '--quick', '--out', outDir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGTERM'), RUN_TIMEOUT_MS);
  exitCode = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  clearTimeout(timer);
  const files = fs.readdirSync(outDir).filter((name) => /^realtime-.*\.json$/.test(name));
  if (exitCode !== 0 || files.length !== 1) {
    throw new Error(`benchmark exited with ${exitCode}, files ${files.join(', ')}:\n${stderr}\n${stdout}`);
  }
  result = JSON.parse(fs.readFileSync(path.join(outDir, files[0] as string), 'utf8')) as Result;
}, RUN_TIMEOUT_MS + 10_000);

afterAll(() => {
  if (outDir !== '') fs.rmSync(outDir, { recursive: true, force: true });
});

function expectSaneTarget(figures: TargetFigures | null): void {
  expect(figures).not.toBeNull();
  const target = figures as TargetFigures;
  expect(target.players).toMatchObject({ attempted: 200, connected: 200, failed: 0, dropped: 0 });
  expect(target.players.clientProcesses).toBeGreaterThanOrEqual(2);
  expect(target.players.sourceAddresses.every((address) => /^127\.0\.0\.(\d+)$/.test(address))).toBe(true);
  expect(target.players.sourceAddresses).not.toContain('127.0.0.1');

  expect(target.connect.perSecond).toBeGreaterThan(0);
  expect(target.connect.seconds).toBeGreaterThan(0);
  expect(target.connect.seconds).toBeLessThan(60);
  expect(target.memory.after.rss).toBeGreaterThan(10 * 1024 * 1024);
  expect(target.memory.after.heapUsed).toBeGreaterThan(target.memory.before.heapUsed);
  expect(Number.isFinite(target.memory.rssPerConnection)).toBe(true);
  expect(target.memory.heapPerConnection).toBeGreaterThan(0);

  expect(target.command).toMatchObject({ measured: 100, lost: 0, failedRequests: 0 });
  expect(target.command.p50Ms).toBeGreaterThan(0);
  expect(target.command.p99Ms).toBeGreaterThanOrEqual(target.command.p50Ms);
  expect(target.command.maxMs).toBeGreaterThanOrEqual(target.command.p99Ms);
  expect(target.command.p99Ms).toBeLessThan(5000);

  expect(target.fleetWide).toMatchObject({ players: 200, received: 200, complete: true, failedRequests: 0 });
  expect(target.fleetWide.ms).toBeGreaterThan(0);
  expect(target.fleetWide.ms).toBeLessThan(30_000);

  expect(target.writes).toMatchObject({ writers: 200, windowPerPlayer: 10, durationMs: 2000, errors: {} });
  expect(target.writes.acked).toBeGreaterThan(0);
  expect(target.writes.perSecond).toBe(target.writes.acked / 2);
  expect(target.writes.latencyP99Ms).toBeGreaterThanOrEqual(target.writes.latencyP50Ms);

  for (const phase of ['connect', 'command', 'fleetWide', 'writes'] as const) {
    expect(target.cpu[phase]?.wallSeconds).toBeGreaterThan(0);
    expect(target.cpu[phase]?.server).toBeGreaterThanOrEqual(0);
    expect(target.loop[phase]?.delayMaxMs).toBeGreaterThan(0);
    expect(target.loop[phase]?.delayMaxMs).toBeGreaterThanOrEqual(target.loop[phase]?.delayP50Ms ?? Infinity);
  }
}

describe('npm run bench:realtime -- --players 200 --quick', () => {
  it('connects every requested player to Marquee and to the floor, without a cap', () => {
    expect(result.players).toMatchObject({
      requested: 200,
      seeded: 200,
      connected: { marquee: 200, floor: 200 },
      limitedBy: null,
    });
    expect(result.seeding.seconds).toBeGreaterThan(0);
  });

  it('measures every figure for Marquee and the floor with sane values', () => {
    expectSaneTarget(result.marquee);
    expectSaneTarget(result.floor);
  });

  it('reports each figure with its ratio to the floor, and judges only the budget that does not need 20,000', () => {
    expect(result.figures.map((row) => row.id)).toEqual([
      'playersConnected',
      'connectRate',
      'rssPerConnection',
      'heapPerConnection',
      'commandP50',
      'commandP99',
      'fleetWide',
      'ackedWrites',
    ]);
    for (const row of result.figures) {
      expect(Number.isFinite(row.marquee)).toBe(true);
      expect(Number.isFinite(row.floor)).toBe(true);
      expect(Number.isFinite(row.ratio)).toBe(true);
    }
    const statuses = result.figures.filter((row) => row.budget !== null).map((row) => row.status);
    expect(statuses).toEqual(['n/a', 'n/a', 'n/a', 'n/a', expect.stringMatching(/^(pass|fail)$/)]);
  });

  it('prints the table and where the JSON is', () => {
    expect(stdout).toMatch(/^figure\s+unit\s+Marquee\s+floor\s+ratio\s+budget\s+status$/m);
    expect(stdout).toMatch(/^acknowledged writes\s+writes\/s\s/m);
    expect(stdout).toContain(`JSON: ${outDir}`);
  });

  it('leaves no server or player process behind', () => {
    const pids = [...result.marquee.processIds, ...(result.floor?.processIds ?? [])];
    expect(pids.length).toBeGreaterThanOrEqual(6);
    expect(pids.filter(isAlive)).toEqual([]);
  });
});
