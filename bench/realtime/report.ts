// The benchmark's figures beside the floor's, their ratios and the budgets of the issue "Realtime database" (part
// 6): a table for the terminal and the JSON written to bench/results.

import type { TargetFigures } from './measureTarget';

/** The budgets, for one server process on SQLite. */
export const BUDGETS = {
  players: 20_000,
  rssPerConnectionBytes: 16 * 1024,
  rssRatioToFloor: 2.5,
  commandP99Ms: 20,
  fleetWideMs: 3000,
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

/** The table as text: figure, Marquee, floor, ratio, budget, status. */
export function formatTable(rows: readonly FigureRow[]): string {
  const header = ['figure', 'unit', 'Marquee', 'floor', 'ratio', 'budget', 'status'];
  const lines = rows.map((row) => [
    row.label,
    row.unit,
    formatNumber(row.marquee, row.unit),
    formatNumber(row.floor, row.unit),
    row.ratio === null ? '—' : `${row.ratio.toFixed(2)}×`,
    row.budget ?? '',
    row.status === null ? '' : row.status.toUpperCase(),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const numeric = new Set([2, 3, 4]);
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const notes = rows.filter((row) => row.note !== undefined).map((row) => `  * ${row.label}: ${row.note}`);
  return [
    format(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...lines.map(format),
    ...notes,
  ].join('\n');
}

/** Server event-loop time per operation in each phase: what the figures cost, whatever else the machine ran. */
export interface OperationCosts {
  /** Milliseconds of main-thread time per connection (auth + listen). */
  connectMs: number;
  /** Milliseconds per command of the fleet-wide change (HTTP request, write, event). */
  commandMs: number;
  /** Microseconds per acknowledged write. */
  writeUs: number;
  /** Share of each phase's wall time the server's main thread was ready but waited for a CPU. */
  waitingForCpu: { connect: number; fleetWide: number; writes: number };
}

export function operationCosts(figures: TargetFigures): OperationCosts | null {
  const { connect, fleetWide, writes } = figures.cpu;
  if (connect === undefined || fleetWide === undefined || writes === undefined) return null;
  const waiting = (phase: typeof connect) => phase.serverMainThread.waitingForCpu / phase.wallSeconds;
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
