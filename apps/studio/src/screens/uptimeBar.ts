// The uptime bar's geometry (docs/screen-health.md §Uptime): each interval as a share of the window, and hour
// marks every six hours of the screen's own wall clock, so a DST day shows 00:00 → 06:00 five or seven hours apart.

import { wallClockOf } from '@marquee/protocol';
import type { UptimeAnswer } from '@marquee/management-api';

const QUARTER_HOUR_MS = 15 * 60 * 1000;
/** Every zone's offset is a whole number of quarter hours: local hours begin on a UTC quarter hour. */
const MARK_EVERY_HOURS = 6;

export interface BarSegment {
  state: UptimeAnswer['intervals'][number]['state'];
  from: number;
  to: number;
  /** Percent of the bar's width. */
  left: number;
  width: number;
}

export interface HourMark {
  at: number;
  left: number;
  label: string;
}

export function barSegments(uptime: UptimeAnswer): BarSegment[] {
  const span = uptime.to - uptime.from;
  if (span <= 0) return [];
  return uptime.intervals.map((interval) => ({
    ...interval,
    left: ((interval.from - uptime.from) / span) * 100,
    width: ((interval.to - interval.from) / span) * 100,
  }));
}

/** The local 00:00, 06:00, 12:00 and 18:00 within [from, to] in `timezone`. */
export function hourMarks(from: number, to: number, timezone: string): HourMark[] {
  const marks: HourMark[] = [];
  for (let at = Math.ceil(from / QUARTER_HOUR_MS) * QUARTER_HOUR_MS; at <= to; at += QUARTER_HOUR_MS) {
    const clock = wallClockOf(at, timezone);
    if (clock.minute !== 0 || clock.hour % MARK_EVERY_HOURS !== 0) continue;
    // A fall-back hour repeats its wall clock: the first occurrence is marked.
    if (marks.length > 0 && marks[marks.length - 1]!.label === label(clock.hour)) continue;
    marks.push({ at, left: ((at - from) / (to - from)) * 100, label: label(clock.hour) });
  }
  return marks;
}

const label = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
