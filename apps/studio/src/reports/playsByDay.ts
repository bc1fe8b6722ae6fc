// What the Reports page shows of a summary by local day and item: the chart's bars (one per day, a segment per
// item, the smaller items summed as 'Other') and the table's rows (one per item over the whole range).

import type { PlaySummaryRow } from '@marquee/management-api';

export const OTHER_ITEMS = 'Other';

export interface DayBar {
  day: string;
  /** Plays per series, in the order of `series`. */
  counts: number[];
  total: number;
}

export interface PlaysChartData {
  series: string[];
  bars: DayBar[];
  /** The tallest bar's total (at least 1). */
  max: number;
}

export interface ItemTotal {
  key: string;
  name: string;
  plays: number;
  seconds: number;
  completed: number;
  interrupted: number;
  skipped: number;
  errors: number;
}

const itemName = (row: PlaySummaryRow) => row.item?.name ?? row.item?.src ?? row.item?.key ?? '';

/** The items over the whole range, most played first. */
export function itemTotals(rows: readonly PlaySummaryRow[]): ItemTotal[] {
  const totals = new Map<string, ItemTotal>();
  for (const row of rows) {
    const key = row.item?.key ?? '';
    const total = totals.get(key) ?? {
      key,
      name: itemName(row),
      plays: 0,
      seconds: 0,
      completed: 0,
      interrupted: 0,
      skipped: 0,
      errors: 0,
    };
    total.plays += row.plays;
    total.seconds += row.seconds;
    total.completed += row.completed;
    total.interrupted += row.interrupted;
    total.skipped += row.skipped;
    total.errors += row.errors;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => b.plays - a.plays || a.name.localeCompare(b.name));
}

/** Every day from `from` to `to` (a day without plays is an empty bar), with the `shown` biggest items by name. */
export function playsChart(
  rows: readonly PlaySummaryRow[],
  from: string,
  to: string,
  shown: number,
): PlaysChartData {
  const items = itemTotals(rows);
  const named = items.slice(0, shown);
  const series = [...named.map((item) => item.name), ...(items.length > shown ? [OTHER_ITEMS] : [])];
  const seriesOf = new Map(named.map((item, index) => [item.key, index]));
  const bars = new Map<string, DayBar>();
  for (let day = from; day <= to; day = nextDay(day)) {
    bars.set(day, { day, counts: series.map(() => 0), total: 0 });
  }
  for (const row of rows) {
    const bar = row.day === undefined ? undefined : bars.get(row.day);
    if (bar === undefined) continue;
    bar.counts[seriesOf.get(row.item?.key ?? '') ?? series.length - 1]! += row.plays;
    bar.total += row.plays;
  }
  const list = [...bars.values()];
  return { series, bars: list, max: Math.max(1, ...list.map((bar) => bar.total)) };
}

function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Seconds as h:mm:ss. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}
