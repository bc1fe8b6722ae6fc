import { describe, expect, it } from 'vitest';
import type { PlaySummaryRow } from '@marquee/management-api';
import { OTHER_ITEMS, formatDuration, playsChart } from './playsByDay';

const row = (day: string, key: string, plays: number): PlaySummaryRow => ({
  item: { key, name: key.toUpperCase(), src: key },
  day,
  plays,
  seconds: plays,
  completed: plays,
  interrupted: 0,
  skipped: 0,
  errors: 0,
  folded: 0,
});

describe('playsChart', () => {
  it('gives every day of the range a bar, the biggest items their own series and the rest "Other"', () => {
    const chart = playsChart(
      [
        row('2026-03-30', 'a', 5),
        row('2026-03-30', 'b', 2),
        row('2026-04-01', 'c', 1),
        row('2026-04-01', 'a', 1),
      ],
      '2026-03-30',
      '2026-04-01',
      2,
    );
    expect(chart.series).toEqual(['A', 'B', OTHER_ITEMS]);
    expect(chart.bars.map((bar) => [bar.day, bar.counts])).toEqual([
      ['2026-03-30', [5, 2, 0]],
      ['2026-03-31', [0, 0, 0]],
      ['2026-04-01', [1, 0, 1]],
    ]);
    expect(chart.max).toBe(7);
  });

  it('formats seconds as hours, minutes and seconds', () => {
    expect(formatDuration(3725.4)).toBe('1:02:05');
  });
});
