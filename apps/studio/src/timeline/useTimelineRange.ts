// The span of a screen's timeline on show: a day or the week (from Monday), in the screen's zone, moved a day or a
// week at a time; the instants the API is asked for are the screen's own midnights.

import { useState } from 'react';
import { localDateOf, zonedClock } from '@marquee/protocol';
import { addDays, midnightOf, mondayOf } from '../schedules/calendarDates';

export type TimelineMode = 'day' | 'week';

/** The instant of a date's midnight in `zone`, as ISO 8601. */
export const midnightIn = (date: string, zone: string): string =>
  new Date(zonedClock(zone).instantOf(midnightOf(date))).toISOString();

export function useTimelineRange(zone: string, now: number = Date.now()) {
  const today = localDateOf(now, zone);
  const [mode, setMode] = useState<TimelineMode>('day');
  const [anchor, setAnchor] = useState(today);
  const first = mode === 'day' ? anchor : mondayOf(anchor);
  const days = mode === 'day' ? 1 : 7;
  const step = days;
  return {
    mode,
    setMode,
    today,
    first,
    days,
    from: midnightIn(first, zone),
    to: midnightIn(addDays(first, days), zone),
    previous: () => setAnchor((date) => addDays(date, -step)),
    next: () => setAnchor((date) => addDays(date, step)),
    reset: () => setAnchor(today),
  };
}
