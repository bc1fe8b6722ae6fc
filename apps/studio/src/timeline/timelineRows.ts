// A screen's timeline laid out by day: each segment (ISO 8601 with the screen's offset, docs/schedules.md) cut at
// the screen's midnights into bars, in minutes of the screen's own day, so a day reads as the screen lives it.

import type { TimelineSegment } from '../api/types';
import { DAY_MS } from '../constants';
import { addDays, midnightOf, MINUTE_MS } from '../schedules/calendarDates';

export interface TimelineBar {
  segment: TimelineSegment;
  startMinute: number;
  endMinute: number;
}

export interface TimelineRow {
  date: string;
  bars: TimelineBar[];
}

/** The screen's wall clock of an ISO time with offset, as local ms ('2026-03-25T06:00:00+01:00' → 06:00). */
export const wallMsOf = (iso: string): number => Date.parse(`${iso.slice(0, 19)}Z`);

export function timelineRows(
  segments: readonly TimelineSegment[],
  firstDate: string,
  days: number,
): TimelineRow[] {
  return Array.from({ length: days }, (_, index) => {
    const date = addDays(firstDate, index);
    const dayStart = midnightOf(date);
    const dayEnd = dayStart + DAY_MS;
    const bars = segments.flatMap((segment) => {
      const start = Math.max(wallMsOf(segment.start), dayStart);
      const end = Math.min(wallMsOf(segment.end), dayEnd);
      return end > start
        ? [{ segment, startMinute: (start - dayStart) / MINUTE_MS, endMinute: (end - dayStart) / MINUTE_MS }]
        : [];
    });
    return { date, bars };
  });
}
