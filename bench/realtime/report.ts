// The benchmark's figures beside the floors', their ratios and the realtime budgets (docs/testing.md §Benchmarks): a
// table for the terminal and the JSON written to bench/results. Ratios are against the in-memory floor, but for
// acknowledged writes, against the durable floor (which, like Marquee, commits before it answers). With several
// nodes, a second table sets the nodes' figures (PostgreSQL + Redis) beside the single node's (SQLite), judged
// against the same budgets.

import type { Phase, TargetFigures } from './measureTarget';
import type { TimelineSample } from './serverProbe';
import { stormTimings } from './stormPhase';

/** The budgets, for one server process on SQLite. */
export const BUDGETS = {
  players: 20_000,
  /** Connections authenticated and listening per second, against the in-memory floor's. */
  connectRateToFloor: 0.7,
  rssPerConnectionBytes: 16 * 1024,
  rssRatioToFloor: 2.5,
  commandP99Ms: 20,
  fleetWideMs: 3000,
  /** docs/schedules.md: a schedule change to 20,000 screens, and recomputing their timelines after a group edit. */
  scheduleChangeMs: 3000,
  groupEditCpuSeconds: 10,
  groupEditStallMs: 100,
  ackedWritesPerSecond: 10_000,
  /** Marquee's acknowledged writes against the durable floor's, which commits each before answering it. */
  ackedWritesToDurableFloor: 0.7,
  /**
   * A command must not wait behind the writes longer than the longest stall allowed; where the floors stall in the
   * writes phase too, no longer than theirs does.
   */
  commandDuringWritesP99Ms: 100,
  /**
   * The longest event-loop stall in each phase, where the floors do not stall: in a phase where both stall longer
   * (every socket of the fleet readable at once: libuv serves them all in one poll), no longer than the lesser.
   */
  stallMs: 100,
  /** Every player of a reconnect storm listening again, and against the floor's time in the same run. */
  stormRelistenMs: 20_000,
  stormRelistenToFloor: 1.5,
} as const;

/** The phases whose longest event-loop stall is a row, and their names in it. */
export const STALL_PHASES: readonly (readonly [Phase, string])[] = [
  ['connect', 'connect'],
  ['command', 'one-player commands'],
  ['fleetWide', 'fleet-wide change'],
  ['writes', 'writes'],
  ['storm', 'reconnect storm'],
];

export type Status = 'pass' | 'fail' | 'n/a';

export interface FigureRow {
  id: string;
  label: string;
  unit: string;
  marquee: number;
  floor: number | null;
  /** The durable floor's figure, when it was measured. */
  durableFloor?: number | null;
  /** marquee / floor, or marquee / durable floor when `ratioTo` says so. */
  ratio: number | null;
  ratioTo?: 'durableFloor';
  budget: string | null;
  status: Status | null;
  note?: string;
}

export interface ReportInput {
  requested: number;
  /** Why fewer than requested were connected, if so. */
  limitedBy: string | null;
  marquee: TargetFigures;
  floor: TargetFigures | null;
  /** The durable floor (floorServer.ts with FLOOR_DB); absent or null when not measured. */
  durableFloor?: TargetFigures | null;
}

const KIB = 1024;

/** Scale budgets ("with 20,000 connected") are judged only in a run asked for that many players. */
function atScale(input: ReportInput): boolean {
  return input.requested >= BUDGETS.players;
}

function judge(input: ReportInput, ok: boolean, scaled = true): Status {
  if (scaled && !atScale(input)) return 'n/a';
  return ok ? 'pass' : 'fail';
}

const formatRatio = (ratio: number | null) => (ratio === null ? '—' : `${ratio.toFixed(2)}×`);
const ratioOf = (value: number, baseline: number | null) =>
  baseline === null || baseline === 0 ? null : value / baseline;

export function figureRows(input: ReportInput): FigureRow[] {
  const { marquee, floor } = input;
  const durable = input.durableFloor ?? null;
  const row = (
    id: string,
    label: string,
    unit: string,
    pick: (figures: TargetFigures) => number,
    budget: string | null = null,
    status: Status | null = null,
    note?: string,
    ratioTo?: 'durableFloor',
  ): FigureRow => {
    const value = pick(marquee);
    const floorValue = floor === null ? null : pick(floor);
    const durableValue = durable === null ? null : pick(durable);
    const toDurable = ratioTo === 'durableFloor' && durableValue !== null;
    return {
      id,
      label,
      unit,
      marquee: value,
      floor: floorValue,
      ...(durable === null ? {} : { durableFloor: durableValue }),
      ratio: ratioOf(value, toDurable ? durableValue : floorValue),
      ...(toDurable ? { ratioTo: 'durableFloor' as const } : {}),
      budget,
      status,
      ...(note === undefined ? {} : { note }),
    };
  };
  const connected = marquee.players.connected;
  const rss = marquee.memory.rssPerConnection;
  const rssRatio = floor === null ? null : rss / floor.memory.rssPerConnection;
  const fleet = marquee.fleetWide;
  const writes = marquee.writes.perSecond;
  const durableWrites = durable?.writes.perSecond ?? null;
  const during = marquee.commandDuringWrites;
  const storm = marquee.storm;
  const floorRelisten = floor?.storm.relistenMs ?? null;
  const connectRatio = ratioOf(marquee.connect.perSecond, floor?.connect.perSecond ?? null);
  const baselines = [floor, durable].filter((figures): figures is TargetFigures => figures !== null);
  /** The lesser of the floors' figures, when each stalled longer than the budget in `phase`; null otherwise. */
  const whereFloorsStall = (phase: Phase, pick: (figures: TargetFigures) => number): number | null => {
    const stalls = baselines.map((figures) => figures.loop[phase]?.delayMaxMs ?? Number.NaN);
    if (stalls.length === 0 || !stalls.every((stall) => stall > BUDGETS.stallMs)) return null;
    return Math.min(...baselines.map(pick));
  };
  const floorsDuring = whereFloorsStall('writes', (figures) => figures.commandDuringWrites.p99Ms);
  return [
    row(
      'playersConnected',
      'players listening (one server process)',
      'players',
      (figures) => figures.players.connected,
      `${BUDGETS.players.toLocaleString('en')} on one process`,
      judge(input, connected >= BUDGETS.players),
      input.limitedBy === null ? undefined : `requested ${input.requested}; capped by the ${input.limitedBy}`,
    ),
    row(
      'connectRate',
      'connect rate (auth + listen)',
      'conn/s',
      (figures) => figures.connect.perSecond,
      `≥ ${BUDGETS.connectRateToFloor}× floor`,
      connectRatio === null ? 'n/a' : judge(input, connectRatio >= BUDGETS.connectRateToFloor),
      connectRatio === null ? 'no floor measured' : undefined,
    ),
    row(
      'rssPerConnection',
      'server RSS per connection',
      'KiB',
      (figures) => figures.memory.rssPerConnection / KIB,
      `≤ ${BUDGETS.rssPerConnectionBytes / KIB} KiB and ≤ ${BUDGETS.rssRatioToFloor}× floor`,
      judge(
        input,
        rss <= BUDGETS.rssPerConnectionBytes && (rssRatio === null || rssRatio <= BUDGETS.rssRatioToFloor),
      ),
      rssRatio === null ? 'no floor measured: only the absolute budget is judged' : undefined,
    ),
    row(
      'heapPerConnection',
      'server heap per connection',
      'KiB',
      (figures) => figures.memory.heapPerConnection / KIB,
    ),
    row('commandP50', 'one-player command latency p50', 'ms', (figures) => figures.command.p50Ms),
    row(
      'commandP99',
      'one-player command latency p99',
      'ms',
      (figures) => figures.command.p99Ms,
      `≤ ${BUDGETS.commandP99Ms} ms`,
      judge(input, marquee.command.p99Ms <= BUDGETS.commandP99Ms && marquee.command.lost === 0),
      marquee.command.lost > 0 ? `${marquee.command.lost} commands never arrived` : undefined,
    ),
    row(
      'fleetWide',
      'fleet-wide change, all received',
      'ms',
      (figures) => figures.fleetWide.ms,
      `≤ ${BUDGETS.fleetWideMs} ms`,
      judge(input, fleet.complete && fleet.ms <= BUDGETS.fleetWideMs),
      fleet.complete ? undefined : `only ${fleet.received} of ${fleet.players} received it`,
    ),
    row(
      'ackedWrites',
      'acknowledged writes',
      'writes/s',
      (figures) => figures.writes.perSecond,
      `≥ ${BUDGETS.ackedWritesPerSecond.toLocaleString('en')}/s and ≥ ${BUDGETS.ackedWritesToDurableFloor}× durable floor`,
      judge(
        input,
        writes >= BUDGETS.ackedWritesPerSecond &&
          (durableWrites === null || writes >= BUDGETS.ackedWritesToDurableFloor * durableWrites),
        false,
      ),
      durableWrites !== null
        ? `ratio against the durable floor; ${formatRatio(ratioOf(writes, floor?.writes.perSecond ?? null))} the in-memory floor`
        : floor !== null
          ? 'no durable floor measured: only the absolute budget is judged'
          : undefined,
      'durableFloor',
    ),
    row(
      'commandDuringWritesP99',
      'one-player command latency p99 during writes',
      'ms',
      (figures) => figures.commandDuringWrites.p99Ms,
      `≤ ${BUDGETS.commandDuringWritesP99Ms} ms, or the floors' where they stall`,
      judge(
        input,
        during.lost === 0 &&
          (during.p99Ms <= BUDGETS.commandDuringWritesP99Ms ||
            (floorsDuring !== null && during.p99Ms <= floorsDuring)),
      ),
      during.lost > 0
        ? `${during.lost} of ${during.measured + during.lost} commands never arrived`
        : floorsDuring !== null && during.p99Ms > BUDGETS.commandDuringWritesP99Ms
          ? `the floors stall over ${BUDGETS.stallMs} ms in the writes phase: judged against their p99 there (${formatNumber(floorsDuring)} ms)`
          : undefined,
    ),
    row(
      'stormRelisten',
      'reconnect storm: every player listening again',
      'ms',
      (figures) => figures.storm.relistenMs,
      `≤ ${BUDGETS.stormRelistenMs / 1000} s and ≤ ${BUDGETS.stormRelistenToFloor}× floor`,
      judge(
        input,
        storm.complete &&
          storm.relistenMs <= BUDGETS.stormRelistenMs &&
          (floorRelisten === null || storm.relistenMs <= BUDGETS.stormRelistenToFloor * floorRelisten),
      ),
      storm.complete
        ? undefined
        : `only ${storm.relistened} listening and ${storm.armed} armed again of ${storm.players} within the time limit`,
    ),
    row(
      'stormArmed',
      'reconnect storm: every presence armed again',
      'ms',
      (figures) => figures.storm.armedMs,
    ),
    row(
      'stormLateDisconnects',
      'reconnect storm: late disconnects',
      'players',
      (figures) => figures.storm.lateDisconnects,
      '0',
      judge(input, storm.lateDisconnects === 0, false),
      storm.lateDisconnects > 0
        ? `${storm.lateAfterArmed} of them after the new action was armed`
        : undefined,
    ),
    row(
      'stormRateLimited',
      'reconnect storm: rate-limited answers',
      'answers',
      (figures) => figures.storm.rateLimited,
      '0 players left rate-limited',
      judge(input, storm.rateLimitedNotRecovered === 0, false),
      storm.rateLimited > 0
        ? `${storm.rateLimitedPlayers} players rate-limited, ${storm.rateLimitedNotRecovered} of them not recovered`
        : undefined,
    ),
    row(
      'stormNotRecovered',
      'reconnect storm: players not recovered',
      'players',
      (figures) => figures.storm.notRecovered,
      '0',
      judge(input, storm.notRecovered === 0, false),
      storm.notRecovered > 0
        ? `${storm.listening} of ${storm.players} listening, ${storm.presenceOwn} with their own presence`
        : undefined,
    ),
    ...STALL_PHASES.map(([phase, name]) => {
      const stall = marquee.loop[phase]?.delayMaxMs ?? Number.NaN;
      const floorsStall = whereFloorsStall(phase, (figures) => figures.loop[phase]?.delayMaxMs ?? Number.NaN);
      return row(
        `stall${phase[0]?.toUpperCase()}${phase.slice(1)}`,
        `longest event-loop stall: ${name}`,
        'ms',
        (figures) => figures.loop[phase]?.delayMaxMs ?? Number.NaN,
        `≤ ${BUDGETS.stallMs} ms where the floors do not stall`,
        judge(input, stall <= BUDGETS.stallMs || (floorsStall !== null && stall <= floorsStall)),
        floorsStall !== null && stall > BUDGETS.stallMs
          ? `the floors stall ${formatNumber(floorsStall)} ms or more in this phase: judged against that`
          : undefined,
      );
    }),
  ];
}

/** Units of whole counts, printed without decimals. */
const COUNTS = new Set(['players', 'answers']);

function formatNumber(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined) return '—';
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.abs(value) >= 100 || COUNTS.has(unit) ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Columns of text, the `numeric` ones right-aligned, under a header and a rule, then the notes. */
function renderTable(
  header: readonly string[],
  lines: readonly string[][],
  numeric: ReadonlySet<number>,
  notes: readonly string[],
): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [
    format(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...lines.map(format),
    ...notes,
  ].join('\n');
}

const formatStatus = (status: Status | null) => (status === null ? '' : status.toUpperCase());
const noteLines = (rows: readonly { label: string; note?: string }[]) =>
  rows.filter((row) => row.note !== undefined).map((row) => `  * ${row.label}: ${row.note}`);

const hasDurableFloor = (rows: readonly { durableFloor?: number | null }[]) =>
  rows.some((row) => row.durableFloor !== undefined && row.durableFloor !== null);

/**
 * The table as text: figure, Marquee, floor (or the `baseline` named), the durable floor (when measured), ratio,
 * budget, status.
 */
export function formatTable(rows: readonly FigureRow[], baseline = 'floor'): string {
  const durable = hasDurableFloor(rows);
  const header = [
    'figure',
    'unit',
    'Marquee',
    baseline,
    ...(durable ? ['durable floor'] : []),
    'ratio',
    'budget',
    'status',
  ];
  const lines = rows.map((row) => [
    row.label,
    row.unit,
    formatNumber(row.marquee, row.unit),
    formatNumber(row.floor, row.unit),
    ...(durable ? [formatNumber(row.durableFloor, row.unit)] : []),
    formatRatio(row.ratio),
    row.budget ?? '',
    formatStatus(row.status),
  ]);
  const numeric = new Set(durable ? [2, 3, 4, 5] : [2, 3, 4]);
  return renderTable(header, lines, numeric, noteLines(rows));
}

/** One figure of N nodes beside the single node's (and the floor's). */
export interface ComparisonRow {
  id: string;
  label: string;
  unit: string;
  /** The single node on SQLite; null when it was not measured (--skip-single). */
  single: number | null;
  /** The N nodes on PostgreSQL + Redis, together. */
  nodes: number;
  /** nodes / single. */
  ratio: number | null;
  floor: number | null;
  durableFloor?: number | null;
  /** The floor's as many nodes on PostgreSQL + Redis, when measured: the nodes are judged against it. */
  clusterFloor?: number | null;
  budget: string | null;
  /** The N nodes' figure against the budget. */
  status: Status | null;
  note?: string;
}

export interface ComparisonInput {
  requested: number;
  nodeCount: number;
  /** Why fewer than requested were connected to the nodes, if so. */
  limitedBy: string | null;
  single: TargetFigures | null;
  nodes: TargetFigures;
  floor: TargetFigures | null;
  durableFloor?: TargetFigures | null;
  /** The cluster floor (floorCluster.ts): the nodes' baseline, in place of the single-process floors. */
  clusterFloor?: TargetFigures | null;
}

/** The node whose RSS grew most per connection on it. */
export function largestNode(figures: TargetFigures): { node: number; rssPerConnection: number } | null {
  let largest: { node: number; rssPerConnection: number } | null = null;
  for (const [index, node] of figures.nodes.entries()) {
    if (node.players > 0 && (largest === null || node.memory.rssPerConnection > largest.rssPerConnection)) {
      largest = { node: index + 1, rssPerConnection: node.memory.rssPerConnection };
    }
  }
  return largest;
}

/**
 * Writes answered after the duration do not count: when a target's answers take longer than the duration, its
 * figure falls far below what it commits, so the acknowledgement latency is given beside it.
 */
function writeLatencyNote(input: ComparisonInput): string {
  const latency = (figures: TargetFigures) => `${formatNumber(figures.writes.latencyP50Ms, 'ms')} ms`;
  const seconds = input.nodes.writes.durationMs / 1000;
  return (
    `acknowledgement latency p50 ${input.single === null ? '' : `${latency(input.single)} single node, `}` +
    `${latency(input.nodes)} ${input.nodeCount} nodes (writes answered after the ${seconds} s are not counted)`
  );
}

/**
 * The figures of the N nodes (the same rows as figureRows, judged against the same budgets: a scale-out has to
 * meet what one process meets), beside the single node's and the floor's; ratio: N nodes / single node.
 */
export function comparisonRows(input: ComparisonInput): ComparisonRow[] {
  const clusterFloor = input.clusterFloor ?? null;
  // Judged against the floor of as many nodes when there is one (it is durable too), else the single process's.
  const rows = figureRows({
    requested: input.requested,
    limitedBy: input.limitedBy,
    marquee: input.nodes,
    floor: clusterFloor ?? input.floor,
    durableFloor: clusterFloor ?? input.durableFloor ?? null,
  });
  const singleFloors =
    clusterFloor === null
      ? null
      : figureRows({
          requested: input.requested,
          limitedBy: null,
          marquee: input.nodes,
          floor: input.floor,
          durableFloor: input.durableFloor ?? null,
        });
  const singleRows =
    input.single === null
      ? null
      : figureRows({ requested: input.requested, limitedBy: null, marquee: input.single, floor: null });
  const largest = largestNode(input.nodes);
  return rows.map((row, index) => {
    const single = singleRows?.[index]?.marquee ?? null;
    // The ratio column here is nodes / single node: the nodes' ratio to the durable floor goes to the note.
    const against = clusterFloor === null ? 'the durable floor' : `the ${input.nodeCount}-node floor`;
    const notes = [
      row.ratioTo === 'durableFloor'
        ? `${input.nodeCount} nodes: ${formatRatio(row.ratio)} ${against}`
        : row.note,
    ];
    if (row.id === 'rssPerConnection' && largest !== null && input.nodes.nodes.length > 1) {
      notes.push(
        `largest node: ${formatNumber(largest.rssPerConnection / KIB)} KiB per connection (node ${largest.node})`,
      );
    }
    if (row.id === 'ackedWrites') notes.push(writeLatencyNote(input));
    const note = notes.filter((text) => text !== undefined).join('; ');
    return {
      id: row.id,
      label: row.id === 'playersConnected' ? 'players listening' : row.label,
      unit: row.unit,
      single,
      nodes: row.marquee,
      ratio: single === null || single === 0 ? null : row.marquee / single,
      ...(singleFloors === null
        ? {
            floor: row.floor,
            ...(row.durableFloor === undefined ? {} : { durableFloor: row.durableFloor }),
          }
        : {
            floor: singleFloors[index]!.floor,
            ...(singleFloors[index]!.durableFloor === undefined
              ? {}
              : { durableFloor: singleFloors[index]!.durableFloor }),
            clusterFloor: row.floor,
          }),
      budget:
        row.id === 'playersConnected' ? `${BUDGETS.players.toLocaleString('en')} over the nodes` : row.budget,
      status: row.status,
      ...(note === '' ? {} : { note }),
    };
  });
}

/**
 * The comparison as text: figure, single node, N nodes, their ratio, the floors (when measured), budget, status.
 */
export function formatComparisonTable(
  rows: readonly ComparisonRow[],
  options: { nodeCount: number; floor: boolean; clusterFloor?: boolean },
): string {
  const nodesTitle = `${options.nodeCount} nodes (PG+Redis)`;
  const durable = options.floor && hasDurableFloor(rows);
  const cluster = options.clusterFloor === true;
  const floors = [
    ...(options.floor ? ['floor'] : []),
    ...(durable ? ['durable floor'] : []),
    ...(cluster ? [`${options.nodeCount}-node floor`] : []),
  ];
  const header = [
    'figure',
    'unit',
    'single node (SQLite)',
    nodesTitle,
    'ratio',
    ...floors,
    'budget',
    'status',
  ];
  const lines = rows.map((row) => [
    row.label,
    row.unit,
    formatNumber(row.single, row.unit),
    formatNumber(row.nodes, row.unit),
    formatRatio(row.ratio),
    ...(options.floor ? [formatNumber(row.floor, row.unit)] : []),
    ...(durable ? [formatNumber(row.durableFloor, row.unit)] : []),
    ...(cluster ? [formatNumber(row.clusterFloor, row.unit)] : []),
    row.budget ?? '',
    formatStatus(row.status),
  ]);
  const numeric = new Set([2, 3, 4, ...floors.map((_, k) => 5 + k)]);
  return renderTable(header, lines, numeric, [
    `  ratio: ${options.nodeCount} nodes / single node; status: the ${options.nodeCount} nodes against the budget` +
      (cluster ? `, their ratios to the ${options.nodeCount}-node floor` : ''),
    ...noteLines(rows),
  ]);
}

/** Server event-loop time per operation in each phase: what the figures cost, whatever else the machine ran. */
export interface OperationCosts {
  /** Milliseconds of main-thread time per connection (auth + listen); with several nodes, theirs together. */
  connectMs: number;
  /** Milliseconds per command of the fleet-wide change (HTTP request, write, event). */
  commandMs: number;
  /** Microseconds per acknowledged write. */
  writeUs: number;
  /**
   * Microseconds of the server processes' CPU, every thread (the collector's helpers, SQLite's checkpoints), per
   * acknowledged write: what the write costs the machine, whose cores the players share.
   */
  writeAllThreadsUs: number;
  /** Share of each phase's wall time the server's main thread (on average over the nodes) waited for a CPU. */
  waitingForCpu: { connect: number; fleetWide: number; writes: number };
  /**
   * CPU of the services the nodes share (PostgreSQL's processes and Redis), every process, per connection, per
   * acknowledged write and per player back from the storm: the rest of what the nodes' work costs the machine.
   * Null for a target without them.
   */
  services: { connectMs: number; writeUs: number; stormMs: number | null } | null;
}

export function operationCosts(figures: TargetFigures): OperationCosts | null {
  const { connect, fleetWide, writes } = figures.cpu;
  if (connect === undefined || fleetWide === undefined || writes === undefined) return null;
  // Several nodes: their main threads together, over the wall time of each.
  const servers = Math.max(1, figures.nodes.length);
  const acked = Math.max(1, figures.writes.acked + figures.writes.ackedLate);
  const waiting = (phase: typeof connect) =>
    phase.serverMainThread.waitingForCpu / (phase.wallSeconds * servers);
  return {
    connectMs: (1000 * connect.serverMainThread.running) / figures.players.connected,
    commandMs: (1000 * fleetWide.serverMainThread.running) / figures.fleetWide.players,
    writeUs: (1e6 * writes.serverMainThread.running) / acked,
    writeAllThreadsUs: (1e6 * writes.server) / acked,
    waitingForCpu: { connect: waiting(connect), fleetWide: waiting(fleetWide), writes: waiting(writes) },
    services:
      connect.services === null || writes.services === null
        ? null
        : {
            connectMs: (1000 * connect.services) / figures.players.connected,
            writeUs: (1e6 * writes.services) / acked,
            stormMs:
              figures.cpu.storm?.services == null
                ? null
                : (1000 * figures.cpu.storm.services) / Math.max(1, figures.storm.players),
          },
  };
}

/** Seconds of the storm's timeline in the footer: it is decided in its first seconds. */
const STORM_SECONDS_SHOWN = 12;

/** The first `count` whole seconds of a phase's timeline, as "accepted/busy%" each. */
export function secondBySecond(timeline: readonly TimelineSample[], count: number): string[] {
  const seconds: { accepted: number; busy: number; slices: number }[] = [];
  for (const slice of timeline) {
    const second = Math.floor((slice.atMs - 1) / 1000);
    if (second >= count) break;
    const entry = (seconds[second] ??= { accepted: 0, busy: 0, slices: 0 });
    entry.accepted += slice.accepted;
    entry.busy += slice.busy;
    entry.slices++;
  }
  return Array.from(seconds, (entry) =>
    entry === undefined ? '—' : `${entry.accepted}/${Math.round((100 * entry.busy) / entry.slices)}%`,
  );
}

/**
 * Per server: its main-thread time per operation and how much it had to wait for a CPU, then its longest
 * event-loop stall and GC pause in each phase, and, after a storm, where its attempts' time went and the server's
 * first seconds.
 */
export function formatCosts(targets: readonly (TargetFigures | null)[]): string {
  const lines = [
    'server main-thread time per operation (waiting for a CPU, share of the phase; a write: all its threads too):',
  ];
  // The GC pause beside the stall tells a collection from work holding the loop.
  const stalls = ['longest event-loop stall / longest GC pause per phase (ms):'];
  const width = Math.max(7, ...targets.map((figures) => figures?.kind.length ?? 0));
  for (const figures of targets) {
    if (figures === null) continue;
    const phases = STALL_PHASES.flatMap(([phase]) => {
      const loop = figures.loop[phase];
      return loop === undefined
        ? []
        : [`${phase} ${loop.delayMaxMs.toFixed(0)} / ${loop.gcMaxMs.toFixed(0)}`];
    });
    if (phases.length > 0) stalls.push(`  ${figures.kind.padEnd(width)}  ${phases.join('  ')}`);
  }
  for (const figures of targets) {
    const costs = figures === null ? null : operationCosts(figures);
    if (figures === null || costs === null) continue;
    const percent = (share: number) => `${(100 * share).toFixed(0)}%`;
    lines.push(
      `  ${figures.kind.padEnd(width)}  connect ${costs.connectMs.toFixed(3)} ms (${percent(costs.waitingForCpu.connect)})` +
        `  command ${costs.commandMs.toFixed(3)} ms (${percent(costs.waitingForCpu.fleetWide)})` +
        `  write ${costs.writeUs.toFixed(0)} µs (${percent(costs.waitingForCpu.writes)}; ` +
        `${costs.writeAllThreadsUs.toFixed(0)} µs all threads)`,
    );
    const { services } = costs;
    if (services !== null) {
      lines.push(
        `  ${''.padEnd(width)}  PostgreSQL + Redis: connect ${services.connectMs.toFixed(3)} ms  ` +
          `write ${services.writeUs.toFixed(0)} µs` +
          (services.stormMs === null ? '' : `  storm ${services.stormMs.toFixed(3)} ms per player`),
      );
    }
  }
  const storms = ['reconnect storm attempts (where their time went):'];
  const seconds = [
    `reconnect storm, the server second by second from the phase's start (connections accepted, event loop busy):`,
  ];
  for (const figures of targets) {
    const loop = figures?.loop.storm;
    if (figures === null || loop === undefined) continue;
    storms.push(`  ${figures.kind.padEnd(width)}  ${stormTimings(figures.storm)}`);
    const perSecond = secondBySecond(loop.timeline, STORM_SECONDS_SHOWN);
    if (perSecond.length > 0) seconds.push(`  ${figures.kind.padEnd(width)}  ${perSecond.join('  ')}`);
  }
  if (seconds.length > 1) storms.push(...seconds);
  return [...lines, ...(stalls.length > 1 ? stalls : []), ...(storms.length > 1 ? storms : [])].join('\n');
}
