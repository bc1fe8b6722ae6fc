// The proof-of-play benchmark's figures beside the floor, their ratio and the budgets, as rows and a table.

/** The budgets: acknowledged plays per second on SQLite, and a summary over 10 million plays. */
export const INGEST_BUDGET_PER_SECOND = 20_000;
export const SUMMARY_BUDGET_MS = 500;

export interface PlaysFigures {
  acknowledgedPerSecond: number;
  floorPerSecond: number;
  /** Summary timings by query label: median and slowest of the runs, ms. */
  summaries: { label: string; medianMs: number; maxMs: number }[];
}

export interface PlaysRow {
  label: string;
  value: string;
  floor: string | null;
  ratio: string | null;
  budget: string;
  status: 'pass' | 'fail';
}

const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} rec/s`;

export function playsRows(figures: PlaysFigures): PlaysRow[] {
  return [
    {
      label: 'ingest, acknowledged over HTTP',
      value: perSecond(figures.acknowledgedPerSecond),
      floor: perSecond(figures.floorPerSecond),
      ratio:
        figures.floorPerSecond > 0
          ? `${((figures.acknowledgedPerSecond / figures.floorPerSecond) * 100).toFixed(1)} % of floor`
          : null,
      budget: `≥ ${INGEST_BUDGET_PER_SECOND.toLocaleString('en-US')} rec/s`,
      status: figures.acknowledgedPerSecond >= INGEST_BUDGET_PER_SECOND ? 'pass' : 'fail',
    },
    ...figures.summaries.map((summary): PlaysRow => ({
      label: `summary ${summary.label}, median (max)`,
      value: `${summary.medianMs.toFixed(1)} ms (${summary.maxMs.toFixed(1)})`,
      floor: null,
      ratio: null,
      budget: `≤ ${SUMMARY_BUDGET_MS} ms`,
      status: summary.maxMs <= SUMMARY_BUDGET_MS ? 'pass' : 'fail',
    })),
  ];
}

export function formatPlaysTable(rows: readonly PlaysRow[]): string {
  const header = ['measure', 'value', 'floor', 'ratio', 'budget', 'status'];
  const cells = rows.map((row) => [
    row.label,
    row.value,
    row.floor ?? '',
    row.ratio ?? '',
    row.budget,
    row.status,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => cell[column]!.length)),
  );
  const line = (values: string[]) => values.map((value, column) => value.padEnd(widths[column]!)).join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...cells.map(line)].join('\n');
}
