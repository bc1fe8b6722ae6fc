import { describe, expect, it } from 'vitest';
import type { TargetFigures } from './measureTarget';
import type { TimelineSample } from './serverProbe';
import {
  BUDGETS,
  comparisonRows,
  figureRows,
  formatComparisonTable,
  formatCosts,
  formatTable,
  largestNode,
  operationCosts,
  type ComparisonInput,
  type ReportInput,
} from './report';

const KIB = 1024;
const memory = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
const loop = (delayMaxMs: number, gcMaxMs: number) => ({
  delayP50Ms: 10,
  delayP99Ms: 12,
  delayMaxMs,
  gcPauses: 3,
  gcTotalMs: 9,
  gcMaxMs,
  gcMajor: 1,
  timeline: [] as TimelineSample[],
});

function figures(
  kind: TargetFigures['kind'],
  change: (figures: TargetFigures) => void = () => {},
): TargetFigures {
  const result: TargetFigures = {
    kind,
    players: {
      attempted: 20_000,
      connected: 20_000,
      failed: 0,
      errors: {},
      dropped: 0,
      droppedBy: {},
      clientProcesses: 4,
      sourceAddresses: ['127.0.0.2'],
    },
    processIds: [1],
    connect: { seconds: 10, perSecond: 2000 },
    memory: { before: memory, after: memory, rssPerConnection: 8 * KIB, heapPerConnection: 6 * KIB },
    command: {
      measured: 500,
      lost: 0,
      failedRequests: 0,
      p50Ms: 1,
      p99Ms: 10,
      maxMs: 30,
      httpP50Ms: 1,
      httpP99Ms: 10,
    },
    fleetWide: {
      players: 20_000,
      received: 20_000,
      complete: true,
      ms: 2000,
      httpMs: 2000,
      failedRequests: 0,
    },
    schedules: null,
    writes: {
      writers: 20_000,
      windowPerPlayer: 1,
      durationMs: 5000,
      acked: 60_000,
      ackedLate: 0,
      perSecond: 12_000,
      errors: {},
      latencyP50Ms: 5,
      latencyP99Ms: 9,
    },
    commandDuringWrites: {
      probes: 50,
      measured: 400,
      lost: 0,
      failedRequests: 0,
      p50Ms: 4,
      p99Ms: 40,
      maxMs: 60,
      httpP50Ms: 3,
      httpP99Ms: 30,
    },
    storm: {
      players: 20_000,
      prepare: { players: 20_000, armed: 20_000, errors: {}, ms: 3000 },
      analyzedMs: null,
      health: { online: 20_000, ms: 9000 },
      relistenMs: 9000,
      armedMs: 9500,
      relistened: 20_000,
      armed: 20_000,
      complete: true,
      attempts: 21_000,
      maxAttempts: 3,
      errors: {},
      rateLimited: 0,
      rateLimitedPlayers: 0,
      settleMs: 4000,
      listening: 20_000,
      presenceOwn: 20_000,
      lateDisconnects: 0,
      lateAfterArmed: 0,
      notRecovered: 0,
      rateLimitedNotRecovered: 0,
      sourceAddresses: ['127.0.1.2'],
      openP50Ms: 4000,
      openP90Ms: 8000,
      authP50Ms: 3,
      authP90Ms: 40,
      listenOverflows: 1200,
    },
    cpu: {},
    loop: {
      connect: loop(40, 12),
      command: loop(15, 4),
      fleetWide: loop(60, 30),
      writes: loop(90, 20),
      storm: loop(80, 25),
    },
    profiles: null,
    statements: null,
    heapSnapshot: null,
    nodes: [
      {
        pid: 1,
        origin: 'http://127.0.0.1:1',
        players: 20_000,
        memory: { before: memory, after: memory, rssPerConnection: 8 * KIB, heapPerConnection: 6 * KIB },
        loop: {},
      },
    ],
  };
  change(result);
  return result;
}

const floor = figures('floor', (f) => {
  f.memory.rssPerConnection = 4 * KIB;
  f.connect.perSecond = 2500;
  f.writes.perSecond = 40_000;
  f.storm.relistenMs = 8000;
  f.loop.connect = loop(20, 5);
});

const durableFloor = figures('durableFloor', (f) => {
  f.memory.rssPerConnection = 4 * KIB;
  f.writes.perSecond = 15_000;
  f.storm.relistenMs = 8500;
});

const ROW_IDS = [
  'playersConnected',
  'connectRate',
  'rssPerConnection',
  'heapPerConnection',
  'commandP50',
  'commandP99',
  'fleetWide',
  'ackedWrites',
  'commandDuringWritesP99',
  'stormRelisten',
  'stormArmed',
  'stormLateDisconnects',
  'stormRateLimited',
  'stormNotRecovered',
  'stallConnect',
  'stallCommand',
  'stallFleetWide',
  'stallWrites',
  'stallStorm',
];

function statusOf(input: ReportInput, id: string) {
  return figureRows(input).find((row) => row.id === id)?.status;
}

const at = (marquee: TargetFigures, extra: Partial<ReportInput> = {}): ReportInput => ({
  requested: 20_000,
  limitedBy: null,
  marquee,
  floor,
  ...extra,
});

describe('figureRows', () => {
  it('gives every figure with the floor and the ratio Marquee/floor', () => {
    const rows = figureRows(at(figures('marquee')));
    expect(rows.map((row) => row.id)).toEqual(ROW_IDS);
    const connect = rows.find((row) => row.id === 'connectRate');
    expect(connect).toMatchObject({
      marquee: 2000,
      floor: 2500,
      ratio: 0.8,
      budget: '≥ 0.7× floor',
      status: 'pass',
    });
    const rss = rows.find((row) => row.id === 'rssPerConnection');
    expect(rss).toMatchObject({ marquee: 8, floor: 4, ratio: 2, unit: 'KiB', status: 'pass' });
    expect(rows.every((row) => row.status !== 'fail')).toBe(true);
    expect(rows.every((row) => row.durableFloor === undefined)).toBe(true);
  });

  it('sets the durable floor beside the floor, and judges acknowledged writes against it', () => {
    const rows = figureRows(at(figures('marquee'), { durableFloor }));
    expect(rows.every((row) => row.durableFloor !== undefined)).toBe(true);
    expect(rows.find((row) => row.id === 'ackedWrites')).toMatchObject({
      marquee: 12_000,
      floor: 40_000,
      durableFloor: 15_000,
      ratio: 0.8,
      ratioTo: 'durableFloor',
      status: 'pass',
      note: 'ratio against the durable floor; 0.30× the in-memory floor',
    });
    // Every other ratio stays against the in-memory floor.
    expect(rows.find((row) => row.id === 'connectRate')).toMatchObject({ durableFloor: 2000, ratio: 0.8 });
    expect(rows.filter((row) => row.ratioTo !== undefined).map((row) => row.id)).toEqual(['ackedWrites']);
  });

  it('gives the reconnect storm and the longest stall of each phase beside the floors', () => {
    const rows = figureRows(at(figures('marquee'), { durableFloor }));
    expect(rows.find((row) => row.id === 'stormRelisten')).toMatchObject({
      marquee: 9000,
      floor: 8000,
      durableFloor: 8500,
      ratio: 1.125,
      status: 'pass',
    });
    expect(rows.find((row) => row.id === 'stallConnect')).toMatchObject({
      label: 'longest event-loop stall: connect',
      marquee: 40,
      floor: 20,
      ratio: 2,
      status: 'pass',
    });
    expect(rows.find((row) => row.id === 'stallStorm')).toMatchObject({ marquee: 80, unit: 'ms' });
    expect(rows.find((row) => row.id === 'stormLateDisconnects')).toMatchObject({
      marquee: 0,
      ratio: null,
      status: 'pass',
    });
  });

  it('judges each budget at its boundary', () => {
    const marquee = (change: (f: TargetFigures) => void) => at(figures('marquee', change));
    expect(
      statusOf(
        marquee((f) => (f.command.p99Ms = BUDGETS.commandP99Ms)),
        'commandP99',
      ),
    ).toBe('pass');
    expect(
      statusOf(
        marquee((f) => (f.command.p99Ms = 20.01)),
        'commandP99',
      ),
    ).toBe('fail');
    expect(
      statusOf(
        marquee((f) => (f.command.lost = 1)),
        'commandP99',
      ),
    ).toBe('fail');
    expect(
      statusOf(
        marquee((f) => (f.fleetWide.ms = BUDGETS.fleetWideMs)),
        'fleetWide',
      ),
    ).toBe('pass');
    expect(
      statusOf(
        marquee((f) => (f.fleetWide.ms = 3001)),
        'fleetWide',
      ),
    ).toBe('fail');
    expect(
      statusOf(
        marquee((f) => (f.fleetWide.complete = false)),
        'fleetWide',
      ),
    ).toBe('fail');
    expect(
      statusOf(
        marquee((f) => (f.writes.perSecond = 10_000)),
        'ackedWrites',
      ),
    ).toBe('pass');
    expect(
      statusOf(
        marquee((f) => (f.writes.perSecond = 9999)),
        'ackedWrites',
      ),
    ).toBe('fail');
    // Writes: also at least 0.7× the durable floor's 15,000/s (10,500/s).
    const withDurable = (change: (f: TargetFigures) => void) =>
      at(figures('marquee', change), { durableFloor });
    expect(
      statusOf(
        withDurable((f) => (f.writes.perSecond = 10_500)),
        'ackedWrites',
      ),
    ).toBe('pass');
    expect(
      statusOf(
        withDurable((f) => (f.writes.perSecond = 10_499)),
        'ackedWrites',
      ),
    ).toBe('fail');
    expect(
      statusOf(
        marquee((f) => (f.commandDuringWrites.p99Ms = 100)),
        'commandDuringWritesP99',
      ),
    ).toBe('pass');
    expect(
      statusOf(
        marquee((f) => (f.commandDuringWrites.p99Ms = 100.01)),
        'commandDuringWritesP99',
      ),
    ).toBe('fail');
    expect(
      statusOf(
        marquee((f) => (f.commandDuringWrites.lost = 1)),
        'commandDuringWritesP99',
      ),
    ).toBe('fail');
    // Storm: at most 20 s, and at most 1.5× the floor's 8 s (12 s).
    expect(
      statusOf(
        marquee((f) => (f.storm.relistenMs = 12_000)),
        'stormRelisten',
      ),
    ).toBe('pass');
    expect(
      statusOf(
        marquee((f) => (f.storm.relistenMs = 12_001)),
        'stormRelisten',
      ),
    ).toBe('fail');
    const slowFloor = { floor: figures('floor', (f) => (f.storm.relistenMs = 19_000)) };
    expect(
      statusOf(
        at(
          figures('marquee', (f) => (f.storm.relistenMs = 20_000)),
          slowFloor,
        ),
        'stormRelisten',
      ),
    ).toBe('pass');
    expect(
      statusOf(
        at(
          figures('marquee', (f) => (f.storm.relistenMs = 20_001)),
          slowFloor,
        ),
        'stormRelisten',
      ),
    ).toBe('fail');
    expect(
      statusOf(
        marquee((f) => (f.storm.complete = false)),
        'stormRelisten',
      ),
    ).toBe('fail');
    expect(
      statusOf(
        marquee((f) => (f.storm.lateDisconnects = 1)),
        'stormLateDisconnects',
      ),
    ).toBe('fail');
    expect(
      statusOf(
        marquee((f) => (f.storm.rateLimited = 50)),
        'stormRateLimited',
      ),
    ).toBe('pass');
    expect(
      statusOf(
        marquee((f) => (f.storm.rateLimitedNotRecovered = 1)),
        'stormRateLimited',
      ),
    ).toBe('fail');
    expect(
      statusOf(
        marquee((f) => (f.storm.notRecovered = 1)),
        'stormNotRecovered',
      ),
    ).toBe('fail');
    expect(
      statusOf(
        marquee((f) => (f.loop.writes = loop(100, 20))),
        'stallWrites',
      ),
    ).toBe('pass');
    expect(
      statusOf(
        marquee((f) => (f.loop.writes = loop(100.5, 20))),
        'stallWrites',
      ),
    ).toBe('fail');
    // RSS: at most 16 KiB, and at most 2.5× the floor's 4 KiB (10 KiB).
    expect(
      statusOf(
        marquee((f) => (f.memory.rssPerConnection = 10 * KIB)),
        'rssPerConnection',
      ),
    ).toBe('pass');
    expect(
      statusOf(
        marquee((f) => (f.memory.rssPerConnection = 10 * KIB + 1)),
        'rssPerConnection',
      ),
    ).toBe('fail');
    const lowFloor = { floor: figures('floor', (f) => (f.memory.rssPerConnection = 8 * KIB)) };
    expect(
      statusOf(
        at(
          figures('marquee', (f) => (f.memory.rssPerConnection = 16 * KIB)),
          lowFloor,
        ),
        'rssPerConnection',
      ),
    ).toBe('pass');
    expect(
      statusOf(
        at(
          figures('marquee', (f) => (f.memory.rssPerConnection = 16 * KIB + 1)),
          lowFloor,
        ),
        'rssPerConnection',
      ),
    ).toBe('fail');
  });

  it('fails the player count when the open-files limit capped it, and says why', () => {
    const rows = figureRows(
      at(
        figures('marquee', (f) => (f.players.connected = 19_842)),
        { limitedBy: 'open-files limit of the server process: 20000' },
      ),
    );
    expect(rows[0]).toMatchObject({
      status: 'fail',
      note: 'requested 20000; capped by the open-files limit of the server process: 20000',
    });
  });

  it('judges the scale budgets only in a run of 20,000 players, the writes and storm outcome budgets always', () => {
    const small = at(
      figures('marquee', (f) => {
        f.writes.perSecond = 5000;
        f.storm.lateDisconnects = 2;
      }),
      { requested: 200 },
    );
    const statuses = Object.fromEntries(figureRows(small).map((row) => [row.id, row.status]));
    expect(statuses).toEqual({
      playersConnected: 'n/a',
      connectRate: 'n/a',
      rssPerConnection: 'n/a',
      heapPerConnection: null,
      commandP50: null,
      commandP99: 'n/a',
      fleetWide: 'n/a',
      ackedWrites: 'fail',
      commandDuringWritesP99: 'n/a',
      stormRelisten: 'n/a',
      stormArmed: null,
      stormLateDisconnects: 'fail',
      stormRateLimited: 'pass',
      stormNotRecovered: 'pass',
      stallConnect: 'n/a',
      stallCommand: 'n/a',
      stallFleetWide: 'n/a',
      stallWrites: 'n/a',
      stallStorm: 'n/a',
    });
  });

  it("judges the connect rate against the floor's, and not at all without a floor", () => {
    const rate = (perSecond: number, extra: Partial<ReportInput> = {}) =>
      figureRows(
        at(
          figures('marquee', (f) => (f.connect.perSecond = perSecond)),
          extra,
        ),
      ).find((row) => row.id === 'connectRate');
    expect(rate(1750)?.status).toBe('pass'); // 0.7 × 2,500
    expect(rate(1749)?.status).toBe('fail');
    expect(rate(5000, { floor: null })).toMatchObject({ status: 'n/a', note: 'no floor measured' });
  });

  it('judges a stall against the floors only in a phase where both stall over the budget', () => {
    const stalling = (kind: 'floor' | 'durableFloor', writesMs: number) =>
      figures(kind, (f) => {
        f.loop.writes = loop(writesMs, 10);
        f.commandDuringWrites.p99Ms = kind === 'floor' ? 450 : 590;
      });
    const row = (marqueeStall: number, floorMs: number, durableMs: number) =>
      figureRows(
        at(
          figures('marquee', (f) => (f.loop.writes = loop(marqueeStall, 20))),
          { floor: stalling('floor', floorMs), durableFloor: stalling('durableFloor', durableMs) },
        ),
      ).find((found) => found.id === 'stallWrites');
    expect(row(300, 1000, 600)).toMatchObject({
      status: 'pass',
      note: 'the floors stall 600 ms or more in this phase: judged against that',
    });
    expect(row(600, 1000, 600)?.status).toBe('pass');
    expect(row(601, 1000, 600)?.status).toBe('fail');
    // The durable floor does not stall: the budget is the budget.
    expect(row(300, 1000, 90)?.status).toBe('fail');
    expect(row(300, 1000, 90)?.note).toBeUndefined();
    // Within the budget, the floors' stalls are not mentioned.
    expect(row(80, 1000, 600)?.status).toBe('pass');
    expect(row(80, 1000, 600)?.note).toBeUndefined();
  });

  it("judges the command p99 during writes against the floors' where both stall in the writes phase", () => {
    const floors = (floorMs: number) => ({
      floor: figures('floor', (f) => {
        f.loop.writes = loop(floorMs, 10);
        f.commandDuringWrites.p99Ms = 450;
      }),
      durableFloor: figures('durableFloor', (f) => {
        f.loop.writes = loop(600, 10);
        f.commandDuringWrites.p99Ms = 590;
      }),
    });
    const row = (p99Ms: number, floorMs: number) =>
      figureRows(
        at(
          figures('marquee', (f) => (f.commandDuringWrites.p99Ms = p99Ms)),
          floors(floorMs),
        ),
      ).find((found) => found.id === 'commandDuringWritesP99');
    expect(row(450, 1000)).toMatchObject({
      status: 'pass',
      note: 'the floors stall over 100 ms in the writes phase: judged against their p99 there (450 ms)',
    });
    expect(row(451, 1000)?.status).toBe('fail');
    expect(row(101, 50)?.status).toBe('fail');
    expect(row(100, 50)?.status).toBe('pass');
  });

  it('judges the absolute RSS budget alone without a floor', () => {
    const rows = figureRows(at(figures('marquee'), { floor: null }));
    const rss = rows.find((row) => row.id === 'rssPerConnection');
    expect(rss).toMatchObject({ floor: null, ratio: null, status: 'pass' });
    expect(rss?.note).toBe('no floor measured: only the absolute budget is judged');
  });
});

describe('formatTable', () => {
  it('prints a header, one line per figure and the notes', () => {
    const text = formatTable(
      figureRows(
        at(
          figures('marquee', (f) => (f.players.connected = 19_842)),
          { limitedBy: 'fd limit' },
        ),
      ),
    );
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^figure\s+unit\s+Marquee\s+floor\s+ratio\s+budget\s+status$/);
    // The rows, and two notes: the cap, and the writes judged without a durable floor.
    expect(lines).toHaveLength(2 + ROW_IDS.length + 2);
    expect(text).toContain('one-player command latency p99');
    expect(lines.find((line) => line.startsWith('players listening'))).toMatch(
      /19,842\s+20,000\s+0\.99×\s+20,000 on one process\s+FAIL$/,
    );
    expect(lines.find((line) => line.startsWith('server RSS'))).toMatch(/8\.00\s+4\.00\s+2\.00×/);
    expect(lines.at(-2)).toBe(
      '  * players listening (one server process): requested 20000; capped by the fd limit',
    );
    expect(lines.find((line) => line.startsWith('longest event-loop stall: fleet-wide change'))).toMatch(
      /ms\s+60\.0\s+60\.0\s+1\.00×\s+≤ 100 ms where the floors do not stall\s+PASS$/,
    );
    expect(lines.find((line) => line.startsWith('reconnect storm: late disconnects'))).toMatch(
      /players\s+0\s+0\s+—\s+0\s+PASS$/,
    );
  });

  it('adds a durable floor column when the durable floor was measured', () => {
    const lines = formatTable(figureRows(at(figures('marquee'), { durableFloor }))).split('\n');
    expect(lines[0]).toMatch(/^figure\s+unit\s+Marquee\s+floor\s+durable floor\s+ratio\s+budget\s+status$/);
    expect(lines.find((line) => line.startsWith('acknowledged writes'))).toMatch(
      /writes\/s\s+12,000\s+40,000\s+15,000\s+0\.80×\s+≥ 10,000\/s and ≥ 0\.7× durable floor\s+PASS$/,
    );
    expect(lines.at(-1)).toBe(
      '  * acknowledged writes: ratio against the durable floor; 0.30× the in-memory floor',
    );
  });
});

describe('operationCosts', () => {
  const phase = (wallSeconds: number, running: number, waitingForCpu: number) => ({
    wallSeconds,
    server: running * 1.5,
    players: 0,
    services: null,
    driver: 0,
    serverMainThread: { running, waitingForCpu, blocked: wallSeconds - running - waitingForCpu },
  });
  const measured = figures('marquee', (f) => {
    f.cpu = {
      connect: phase(20, 10, 5),
      command: phase(1, 0.5, 0),
      fleetWide: phase(16, 12, 4),
      writes: phase(8, 6, 2),
    };
    f.writes.acked = 50_000;
    f.writes.ackedLate = 10_000;
    f.loop = {
      connect: loop(40, 12),
      command: loop(15, 4),
      fleetWide: loop(250.4, 30),
      writes: loop(90, 20),
    };
  });

  it('divides the main thread time of each phase by its operations', () => {
    expect(operationCosts(measured)).toEqual({
      connectMs: 0.5,
      commandMs: 0.6,
      writeUs: 100,
      writeAllThreadsUs: 150,
      waitingForCpu: { connect: 0.25, fleetWide: 0.25, writes: 0.25 },
      services: null,
    });
  });

  it('is null without the phases, and prints one line per server measured', () => {
    expect(operationCosts(figures('floor'))).toBeNull();
    expect(formatCosts([measured, null]).split('\n')).toEqual([
      'server main-thread time per operation (waiting for a CPU, share of the phase; a write: all its threads too):',
      '  marquee  connect 0.500 ms (25%)  command 0.600 ms (25%)  write 100 µs (25%; 150 µs all threads)',
      'longest event-loop stall / longest GC pause per phase (ms):',
      '  marquee  connect 40 / 12  command 15 / 4  fleetWide 250 / 30  writes 90 / 20',
    ]);
  });

  it('aligns the servers by their longest name and adds the storm when it was measured', () => {
    const attempts = (openP50Ms: number, listenOverflows: number | null) =>
      `open after p50 ${openP50Ms} ms / p90 8000 ms, authenticated p50 3 ms / p90 40 ms after that` +
      (listenOverflows === null
        ? ''
        : `; ${listenOverflows} connections dropped by the kernel for a full accept queue`);
    const stormed = figures('marquee', (f) => {
      f.cpu = measured.cpu;
      f.writes.acked = 50_000;
      f.writes.ackedLate = 10_000;
      f.loop = { ...measured.loop, storm: loop(130, 25) };
      f.loop.storm!.timeline = [
        { atMs: 250, busy: 1, accepted: 0, closed: 5000, gcMs: 20 },
        { atMs: 500, busy: 0.9, accepted: 10, closed: 0, gcMs: 0 },
        { atMs: 750, busy: 0.7, accepted: 2000, closed: 0, gcMs: 0 },
        { atMs: 1000, busy: 0.6, accepted: 3000, closed: 0, gcMs: 0 },
        { atMs: 1250, busy: 0.2, accepted: 7, closed: 0, gcMs: 0 },
      ];
    });
    const durable = figures('durableFloor', (f) => {
      f.cpu = measured.cpu;
      f.writes.acked = 60_000;
      f.loop = { connect: loop(20, 5), storm: loop(30, 4) };
      f.storm.openP50Ms = 250;
      f.storm.listenOverflows = null;
    });
    expect(formatCosts([stormed, durable]).split('\n')).toEqual([
      'server main-thread time per operation (waiting for a CPU, share of the phase; a write: all its threads too):',
      '  marquee       connect 0.500 ms (25%)  command 0.600 ms (25%)  write 100 µs (25%; 150 µs all threads)',
      '  durableFloor  connect 0.500 ms (25%)  command 0.600 ms (25%)  write 100 µs (25%; 150 µs all threads)',
      'longest event-loop stall / longest GC pause per phase (ms):',
      '  marquee       connect 40 / 12  command 15 / 4  fleetWide 250 / 30  writes 90 / 20  storm 130 / 25',
      '  durableFloor  connect 20 / 5  storm 30 / 4',
      'reconnect storm attempts (where their time went):',
      `  marquee       ${attempts(4000, 1200)}`,
      `  durableFloor  ${attempts(250, null)}`,
      "reconnect storm, the server second by second from the phase's start (connections accepted, event loop busy):",
      '  marquee       5010/80%  7/20%',
    ]);
  });
});

/** Three nodes of `players` each, the RSS per connection of each node in KiB. */
function threeNodes(rssKiB: [number, number, number], change: (f: TargetFigures) => void = () => {}) {
  return figures('cluster', (f) => {
    f.nodes = rssKiB.map((kib, index) => ({
      pid: 10 + index,
      origin: `http://127.0.0.1:${10 + index}`,
      players: 6667,
      memory: { before: memory, after: memory, rssPerConnection: kib * KIB, heapPerConnection: 0 },
      loop: {},
    }));
    f.players.connected = 20_001;
    f.memory.rssPerConnection = 9 * KIB;
    f.command.p99Ms = 15;
    f.writes.perSecond = 6000;
    f.writes.latencyP50Ms = 4873.2;
    change(f);
  });
}

const compared = (nodes: TargetFigures, extra: Partial<ComparisonInput> = {}): ComparisonInput => ({
  requested: 20_000,
  nodeCount: 3,
  limitedBy: null,
  single: figures('marquee'),
  nodes,
  floor,
  ...extra,
});

describe('comparisonRows', () => {
  it('sets the same figures of the nodes beside the single node, with their ratio and the floor', () => {
    const rows = comparisonRows(compared(threeNodes([8, 10, 9])));
    expect(rows.map((row) => row.id)).toEqual(figureRows(at(figures('marquee'))).map((row) => row.id));
    expect(rows.find((row) => row.id === 'playersConnected')).toMatchObject({
      label: 'players listening',
      single: 20_000,
      nodes: 20_001,
      floor: 20_000,
      budget: '20,000 over the nodes',
      status: 'pass',
    });
    expect(rows.find((row) => row.id === 'commandP99')).toMatchObject({
      single: 10,
      nodes: 15,
      ratio: 1.5,
      floor: 10,
      status: 'pass',
    });
  });

  it('judges the nodes against the budgets and names the node whose memory grew most', () => {
    const rows = comparisonRows(compared(threeNodes([8, 11.5, 9])));
    expect(rows.find((row) => row.id === 'ackedWrites')).toMatchObject({ nodes: 6000, status: 'fail' });
    expect(rows.find((row) => row.id === 'rssPerConnection')).toMatchObject({
      single: 8,
      nodes: 9,
      ratio: 1.125,
      status: 'pass',
      note: 'largest node: 11.5 KiB per connection (node 2)',
    });
    const capped = comparisonRows(
      compared(
        threeNodes([8, 8, 8], (f) => (f.players.connected = 19_000)),
        { limitedBy: '3 server processes × 6333 connections; fd limit' },
      ),
    );
    expect(capped[0]).toMatchObject({
      status: 'fail',
      note: 'requested 20000; capped by the 3 server processes × 6333 connections; fd limit',
    });
  });

  it('leaves the single node and the ratio empty when the single node was not measured', () => {
    const rows = comparisonRows(compared(threeNodes([8, 8, 8]), { single: null, floor: null }));
    expect(rows.find((row) => row.id === 'ackedWrites')?.note).toBe(
      'acknowledgement latency p50 4,873 ms 3 nodes (writes answered after the 5 s are not counted)',
    );
    expect(rows.every((row) => row.single === null && row.ratio === null && row.floor === null)).toBe(true);
    expect(rows.find((row) => row.id === 'rssPerConnection')?.note).toBe(
      'no floor measured: only the absolute budget is judged; largest node: 8.00 KiB per connection (node 1)',
    );
  });
});

describe('comparisonRows beside a floor of as many nodes', () => {
  /** The floor's three nodes: slower than the single-process floors, as PostgreSQL + Redis make them. */
  const clusterFloor = figures('clusterFloor', (f) => {
    f.connect.perSecond = 1000;
    f.writes.perSecond = 8000;
    f.storm.relistenMs = 9000;
  });

  it('judges the ratios of the nodes against it and keeps the single-process floors beside them', () => {
    const rows = comparisonRows(compared(threeNodes([8, 8, 8]), { durableFloor, clusterFloor }));
    const writes = rows.find((row) => row.id === 'ackedWrites');
    // 6,000/s is 0.75× the 3-node floor (pass), where it was 0.40× the durable floor (fail).
    expect(writes).toMatchObject({ nodes: 6000, floor: 40_000, durableFloor: 15_000, clusterFloor: 8000 });
    expect(writes?.status).toBe('fail'); // under 10,000/s: the absolute budget still holds
    expect(writes?.note).toMatch(/^3 nodes: 0\.75× the 3-node floor; /);
    const fast = comparisonRows(
      compared(
        threeNodes([8, 8, 8], (f) => (f.writes.perSecond = 12_000)),
        { durableFloor, clusterFloor: figures('clusterFloor', (f) => (f.writes.perSecond = 16_000)) },
      ),
    );
    expect(fast.find((row) => row.id === 'ackedWrites')?.status).toBe('pass');
    const tooSlow = comparisonRows(
      compared(
        threeNodes([8, 8, 8], (f) => (f.writes.perSecond = 12_000)),
        { durableFloor, clusterFloor: figures('clusterFloor', (f) => (f.writes.perSecond = 18_000)) },
      ),
    );
    expect(tooSlow.find((row) => row.id === 'ackedWrites')?.status).toBe('fail');
  });

  it('judges the storm and the connect rate against its figures', () => {
    const nodes = threeNodes([8, 8, 8], (f) => {
      f.connect.perSecond = 800;
      f.storm.relistenMs = 12_000;
    });
    const rows = comparisonRows(compared(nodes, { durableFloor, clusterFloor }));
    expect(rows.find((row) => row.id === 'connectRate')).toMatchObject({
      clusterFloor: 1000,
      status: 'pass',
    });
    expect(rows.find((row) => row.id === 'stormRelisten')).toMatchObject({
      clusterFloor: 9000,
      status: 'pass',
    });
    const alone = comparisonRows(compared(nodes, { durableFloor }));
    expect(alone.find((row) => row.id === 'connectRate')?.status).toBe('fail');
  });

  it('prints its column after the floors and says the ratios are to it', () => {
    const rows = comparisonRows(compared(threeNodes([8, 8, 8]), { durableFloor, clusterFloor }));
    const lines = formatComparisonTable(rows, { nodeCount: 3, floor: true, clusterFloor: true }).split('\n');
    expect(lines[0]).toMatch(/\s+floor\s+durable floor\s+3-node floor\s+budget\s+status$/);
    expect(lines.find((line) => line.startsWith('acknowledged writes'))).toMatch(
      /\s+40,000\s+15,000\s+8,000\s+≥ 10,000\/s and ≥ 0\.7× durable floor\s+FAIL$/,
    );
    expect(lines).toContain(
      '  ratio: 3 nodes / single node; status: the 3 nodes against the budget, their ratios to the 3-node floor',
    );
  });
});

describe('largestNode', () => {
  it('is the node with the most RSS per connection among nodes holding players', () => {
    expect(largestNode(threeNodes([8, 12, 9]))).toEqual({ node: 2, rssPerConnection: 12 * KIB });
    const idle = threeNodes([8, 12, 9], (f) => {
      const second = f.nodes[1];
      if (second !== undefined) second.players = 0;
    });
    expect(largestNode(idle)).toEqual({ node: 3, rssPerConnection: 9 * KIB });
  });
});

describe('formatComparisonTable', () => {
  it('prints figure, unit, single node, N nodes, ratio, floor, budget and status, then the notes', () => {
    const rows = comparisonRows(compared(threeNodes([8, 11.5, 9]), { durableFloor }));
    const lines = formatComparisonTable(rows, { nodeCount: 3, floor: true }).split('\n');
    expect(lines[0]).toMatch(
      /^figure\s+unit\s+single node \(SQLite\)\s+3 nodes \(PG\+Redis\)\s+ratio\s+floor\s+durable floor\s+budget\s+status$/,
    );
    expect(lines).toHaveLength(2 + ROW_IDS.length + 3);
    expect(lines.find((line) => line.startsWith('players listening'))).toMatch(
      /^players listening\s+players\s+20,000\s+20,001\s+1\.00×\s+20,000\s+20,000\s+20,000 over the nodes\s+PASS$/,
    );
    expect(lines.find((line) => line.startsWith('acknowledged writes'))).toMatch(
      /writes\/s\s+12,000\s+6,000\s+0\.50×\s+40,000\s+15,000\s+≥ 10,000\/s and ≥ 0\.7× durable floor\s+FAIL$/,
    );
    expect(lines.slice(-3)).toEqual([
      '  ratio: 3 nodes / single node; status: the 3 nodes against the budget',
      '  * server RSS per connection: largest node: 11.5 KiB per connection (node 2)',
      '  * acknowledged writes: 3 nodes: 0.40× the durable floor; acknowledgement latency p50 5.00 ms single node, ' +
        '4,873 ms 3 nodes (writes answered after the 5 s are not counted)',
    ]);
  });

  it('drops the floor column without a floor and shows a dash for a single node not measured', () => {
    const rows = comparisonRows(compared(threeNodes([8, 8, 8]), { single: null, floor: null }));
    const lines = formatComparisonTable(rows, { nodeCount: 3, floor: false }).split('\n');
    expect(lines[0]).toMatch(
      /^figure\s+unit\s+single node \(SQLite\)\s+3 nodes \(PG\+Redis\)\s+ratio\s+budget\s+status$/,
    );
    expect(lines.find((line) => line.startsWith('one-player command latency p99'))).toMatch(
      /ms\s+—\s+15\.0\s+—\s+≤ 20 ms\s+PASS$/,
    );
  });
});

describe('operationCosts of several nodes', () => {
  it("adds the nodes' main-thread time and averages their wait for a CPU over the nodes", () => {
    const phase = { wallSeconds: 10, server: 9, players: 0, services: 4, driver: 0 };
    const nodes = threeNodes([8, 8, 8], (f) => {
      f.players.connected = 20_000;
      f.cpu = {
        connect: { ...phase, serverMainThread: { running: 30, waitingForCpu: 6, blocked: 0 } },
        fleetWide: { ...phase, serverMainThread: { running: 20, waitingForCpu: 3, blocked: 0 } },
        writes: { ...phase, serverMainThread: { running: 6, waitingForCpu: 15, blocked: 0 } },
      };
    });
    expect(operationCosts(nodes)).toEqual({
      connectMs: 1.5,
      commandMs: 1,
      writeUs: 100,
      writeAllThreadsUs: 150,
      waitingForCpu: { connect: 0.2, fleetWide: 0.1, writes: 0.5 },
      // 4 s of PostgreSQL and Redis in each phase: over 20,000 connections, over 60,000 writes; no storm measured.
      services: { connectMs: 0.2, writeUs: 4e6 / 60_000, stormMs: null },
    });
  });

  it('gives the services per player back from the storm, and a line for them under the nodes', () => {
    const phase = { wallSeconds: 10, server: 9, players: 0, services: 4, driver: 0 };
    const main = { running: 6, waitingForCpu: 1, blocked: 0 };
    const nodes = threeNodes([8, 8, 8], (f) => {
      f.cpu = {
        connect: { ...phase, serverMainThread: main },
        fleetWide: { ...phase, serverMainThread: main },
        writes: { ...phase, serverMainThread: main },
        storm: { ...phase, services: 5, serverMainThread: main },
      };
    });
    expect(operationCosts(nodes)?.services?.stormMs).toBe(0.25);
    expect(formatCosts([nodes]).split('\n')[2]).toBe(
      '           PostgreSQL + Redis: connect 0.200 ms  write 67 µs  storm 0.250 ms per player',
    );
    const alone = figures('marquee', (f) => {
      f.cpu = { connect: { ...phase, services: null, serverMainThread: main } };
    });
    expect(formatCosts([alone])).not.toContain('PostgreSQL');
  });
});
