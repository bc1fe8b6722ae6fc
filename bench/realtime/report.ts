// The benchmark's figures beside the floor's, their ratios and the realtime budgets (docs/testing.md §Benchmarks): a
// table for the terminal and the JSON written to bench/results. With several nodes, a second table sets the
// nodes' figures (PostgreSQL + Redis) beside the single node's (SQLite), judged against the same budgets.

import type { TargetFigures } from './measureTarget';

/** The budgets, for one server process on SQLite. */
export const BUDGETS = {
  players: 20_000,
  rssPerConnectionBytes: 16 * 1024,
  rssRatioToFloor: 2.5,
  commandP99Ms: 20,
  fleetWideMs: 3000,
  /** docs/schedules.md: a schedule change to 20,000 screens, and recomputing their timelines after a group edit. */
  scheduleChangeMs: 3000,
  groupEditCpuSeconds: 10,
  groupEditStallMs: 100,
  ackedWritesPerSecond: 10_000,
} as const;

export type Status = 'pass' | 'fail' | 'n/a';

export interface FigureRow {
  id: string;
  label: string;
  unit: string;
  marquee: number;
  floor: number | null;
  /** marquee / floor. */
  ratio: number | null;
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

export function figureRows(input: ReportInput): FigureRow[] {
  const { marquee, floor } = input;
  const row = (
    id: string,
    label: string,
    unit: string,
    pick: (figures: TargetFigures) => number,
    budget: string | null = null,
    status: Status | null = null,
    note?: string,
  ): FigureRow => {
    const value = pick(marquee);
    const floorValue = floor === null ? null : pick(floor);
    return {
      id,
      label,
      unit,
      marquee: value,
      floor: floorValue,
      ratio: floorValue === null || floorValue === 0 ? null : value / floorValue,
      budget,
      status,
      ...(note === undefined ? {} : { note }),
    };
  };
  const connected = marquee.players.connected;
  const rss = marquee.memory.rssPerConnection;
  const rssRatio = floor === null ? null : rss / floor.memory.rssPerConnection;
  const fleet = marquee.fleetWide;
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
    row('connectRate', 'connect rate (auth + listen)', 'conn/s', (figures) => figures.connect.perSecond),
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
      `≥ ${BUDGETS.ackedWritesPerSecond.toLocaleString('en')}/s`,
      judge(input, marquee.writes.perSecond >= BUDGETS.ackedWritesPerSecond, false),
    ),
  ];
}

function formatNumber(value: number | null, unit = ''): string {
  if (value === null) return '—';
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.abs(value) >= 100 || unit === 'players' ? 0 : Math.abs(value) >= 10 ? 1 : 2;
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

const formatRatio = (ratio: number | null) => (ratio === null ? '—' : `${ratio.toFixed(2)}×`);
const formatStatus = (status: Status | null) => (status === null ? '' : status.toUpperCase());
const noteLines = (rows: readonly { label: string; note?: string }[]) =>
  rows.filter((row) => row.note !== undefined).map((row) => `  * ${row.label}: ${row.note}`);

/** The table as text: figure, Marquee, floor (or the `baseline` named), ratio, budget, status. */
export function formatTable(rows: readonly FigureRow[], baseline = 'floor'): string {
  const header = ['figure', 'unit', 'Marquee', baseline, 'ratio', 'budget', 'status'];
  const lines = rows.map((row) => [
    row.label,
    row.unit,
    formatNumber(row.marquee, row.unit),
    formatNumber(row.floor, row.unit),
    formatRatio(row.ratio),
    row.budget ?? '',
    formatStatus(row.status),
  ]);
  return renderTable(header, lines, new Set([2, 3, 4]), noteLines(rows));
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
  const rows = figureRows({
    requested: input.requested,
    limitedBy: input.limitedBy,
    marquee: input.nodes,
    floor: input.floor,
  });
  const singleRows =
    input.single === null
      ? null
      : figureRows({ requested: input.requested, limitedBy: null, marquee: input.single, floor: null });
  const largest = largestNode(input.nodes);
  return rows.map((row, index) => {
    const single = singleRows?.[index]?.marquee ?? null;
    const notes = [row.note];
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
      floor: row.floor,
      budget:
        row.id === 'playersConnected' ? `${BUDGETS.players.toLocaleString('en')} over the nodes` : row.budget,
      status: row.status,
      ...(note === '' ? {} : { note }),
    };
  });
}

/** The comparison as text: figure, single node, N nodes, their ratio, the floor (when measured), budget, status. */
export function formatComparisonTable(
  rows: readonly ComparisonRow[],
  options: { nodeCount: number; floor: boolean },
): string {
  const nodesTitle = `${options.nodeCount} nodes (PG+Redis)`;
  const header = [
    'figure',
    'unit',
    'single node (SQLite)',
    nodesTitle,
    'ratio',
    ...(options.floor ? ['floor'] : []),
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
    row.budget ?? '',
    formatStatus(row.status),
  ]);
  const numeric = new Set(options.floor ? [2, 3, 4, 5] : [2, 3, 4]);
  return renderTable(header, lines, numeric, [
    `  ratio: ${options.nodeCount} nodes / single node; status: the ${options.nodeCount} nodes against the budget`,
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
  /** Share of each phase's wall time the server's main thread (on average over the nodes) waited for a CPU. */
  waitingForCpu: { connect: number; fleetWide: number; writes: number };
}

export function operationCosts(figures: TargetFigures): OperationCosts | null {
  const { connect, fleetWide, writes } = figures.cpu;
  if (connect === undefined || fleetWide === undefined || writes === undefined) return null;
  // Several nodes: their main threads together, over the wall time of each.
  const servers = Math.max(1, figures.nodes.length);
  const waiting = (phase: typeof connect) =>
    phase.serverMainThread.waitingForCpu / (phase.wallSeconds * servers);
  return {
    connectMs: (1000 * connect.serverMainThread.running) / figures.players.connected,
    commandMs: (1000 * fleetWide.serverMainThread.running) / figures.fleetWide.players,
    writeUs:
      (1e6 * writes.serverMainThread.running) / Math.max(1, figures.writes.acked + figures.writes.ackedLate),
    waitingForCpu: { connect: waiting(connect), fleetWide: waiting(fleetWide), writes: waiting(writes) },
  };
}

/**
 * Per server: its main-thread time per operation and how much it had to wait for a CPU, then its longest
 * event-loop stall and GC pause in each phase.
 */
export function formatCosts(targets: readonly (TargetFigures | null)[]): string {
  const lines = ['server main-thread time per operation (waiting for a CPU, share of the phase):'];
  const stalls = ['longest event-loop stall / longest GC pause per phase (ms):'];
  for (const figures of targets) {
    if (figures === null) continue;
    const phases = (['connect', 'command', 'fleetWide', 'writes'] as const).flatMap((phase) => {
      const loop = figures.loop[phase];
      return loop === undefined
        ? []
        : [`${phase} ${loop.delayMaxMs.toFixed(0)} / ${loop.gcMaxMs.toFixed(0)}`];
    });
    if (phases.length > 0) stalls.push(`  ${figures.kind.padEnd(7)}  ${phases.join('  ')}`);
  }
  for (const figures of targets) {
    const costs = figures === null ? null : operationCosts(figures);
    if (figures === null || costs === null) continue;
    const percent = (share: number) => `${(100 * share).toFixed(0)}%`;
    lines.push(
      `  ${figures.kind.padEnd(7)}  connect ${costs.connectMs.toFixed(3)} ms (${percent(costs.waitingForCpu.connect)})` +
        `  command ${costs.commandMs.toFixed(3)} ms (${percent(costs.waitingForCpu.fleetWide)})` +
        `  write ${costs.writeUs.toFixed(0)} µs (${percent(costs.waitingForCpu.writes)})`,
    );
  }
  return [...lines, ...(stalls.length > 1 ? stalls : [])].join('\n');
}
