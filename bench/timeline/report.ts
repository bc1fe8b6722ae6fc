// The timeline benchmark's figures beside the baseline's, their ratios and the budget, as a table and as rows
// for the JSON.

/** The budget: a week of one screen with 1,000 schedules, median. */
export const TIMELINE_BUDGET_MEDIAN_MS = 5;

export interface TimelineFigures {
  medianMs: number;
  p95Ms: number;
  baselineMedianMs: number;
  baselineP95Ms: number;
  /** The first call of the process: zone caches empty, code not yet optimised. */
  coldMs: number;
}

export interface TimelineRow {
  label: string;
  timelineMs: number;
  baselineMs: number | null;
  /** timeline / baseline. */
  ratio: number | null;
  budget: string | null;
  status: 'pass' | 'fail' | null;
}

export function timelineRows(figures: TimelineFigures): TimelineRow[] {
  const ratio = (value: number, base: number) => (base > 0 ? value / base : null);
  return [
    {
      label: '7-day timeline, median',
      timelineMs: figures.medianMs,
      baselineMs: figures.baselineMedianMs,
      ratio: ratio(figures.medianMs, figures.baselineMedianMs),
      budget: `≤ ${TIMELINE_BUDGET_MEDIAN_MS} ms`,
      status: figures.medianMs <= TIMELINE_BUDGET_MEDIAN_MS ? 'pass' : 'fail',
    },
    {
      label: '7-day timeline, p95',
      timelineMs: figures.p95Ms,
      baselineMs: figures.baselineP95Ms,
      ratio: ratio(figures.p95Ms, figures.baselineP95Ms),
      budget: null,
      status: null,
    },
    {
      label: 'first call (cold caches)',
      timelineMs: figures.coldMs,
      baselineMs: null,
      ratio: null,
      budget: null,
      status: null,
    },
  ];
}

const number = (value: number | null) =>
  value === null ? '—' : value.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Columns: figure, unit, timeline, Intl baseline, ratio, budget, status. */
export function formatTimelineTable(rows: readonly TimelineRow[]): string {
  const header = ['figure', 'unit', 'timeline', 'Intl baseline', 'ratio', 'budget', 'status'];
  const lines = rows.map((row) => [
    row.label,
    'ms',
    number(row.timelineMs),
    number(row.baselineMs),
    row.ratio === null ? '—' : `${row.ratio.toFixed(2)}×`,
    row.budget ?? '',
    row.status?.toUpperCase() ?? '',
  ]);
  const numeric = new Set([2, 3, 4]);
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
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format)].join(
    '\n',
  );
}
