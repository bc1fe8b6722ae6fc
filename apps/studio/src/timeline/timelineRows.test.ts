import { describe, expect, it } from 'vitest';
import type { TimelineSegment } from '../api/types';
import { timelineRows } from './timelineRows';

const segment = (start: string, end: string, name: string): TimelineSegment => ({
  start,
  end,
  source: { kind: 'schedule', id: name, name },
  playlistId: null,
  playlistIds: [],
  message: null,
  reason: '',
});

describe('timelineRows', () => {
  it("cuts segments at the screen's midnights, by its own wall clock", () => {
    const night = segment('2026-03-27T22:00:00-07:00', '2026-03-28T02:00:00-07:00', 'Late');
    const morning = segment('2026-03-28T02:00:00-07:00', '2026-03-28T11:00:00-07:00', 'Breakfast');
    const rows = timelineRows([night, morning], '2026-03-27', 2);
    expect(
      rows.map((row) => [
        row.date,
        row.bars.map((b) => [b.segment.source.name, b.startMinute / 60, b.endMinute / 60]),
      ]),
    ).toEqual([
      ['2026-03-27', [['Late', 22, 24]]],
      [
        '2026-03-28',
        [
          ['Late', 0, 2],
          ['Breakfast', 2, 11],
        ],
      ],
    ]);
  });

  it('reads a day with a clock change as its wall clock says (spring forward: 01:00 is 02:00)', () => {
    // Europe/London, 29 March 2026: 01:00 GMT becomes 02:00 BST.
    const before = segment('2026-03-29T00:00:00+00:00', '2026-03-29T02:00:00+01:00', 'Night');
    const rows = timelineRows([before], '2026-03-29', 1);
    expect(rows[0]!.bars.map((b) => [b.startMinute / 60, b.endMinute / 60])).toEqual([[0, 2]]);
  });
});
