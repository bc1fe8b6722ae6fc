import { describe, expect, it } from 'vitest';
import { formatPlaysTable, playsRows } from './report';

describe('plays benchmark report', () => {
  it('passes or fails each figure against its budget and shows the ratio to the floor', () => {
    const rows = playsRows({
      acknowledgedPerSecond: 25_000,
      floorPerSecond: 200_000,
      summaries: [
        { label: 'by item', medianMs: 120, maxMs: 140 },
        { label: 'by screen', medianMs: 480, maxMs: 650 },
      ],
    });
    expect(rows.map((row) => [row.label, row.status])).toEqual([
      ['ingest, acknowledged over HTTP', 'pass'],
      ['summary by item, median (max)', 'pass'],
      ['summary by screen, median (max)', 'fail'],
    ]);
    expect(rows[0]!.ratio).toBe('12.5 % of floor');
    const table = formatPlaysTable(rows);
    expect(table.split('\n')).toHaveLength(5);
    expect(table).toContain('25,000 rec/s');
  });

  it('fails an ingest rate under 20,000 records a second', () => {
    const [ingest] = playsRows({ acknowledgedPerSecond: 19_999, floorPerSecond: 0, summaries: [] });
    expect(ingest).toMatchObject({ status: 'fail', ratio: null });
  });
});
