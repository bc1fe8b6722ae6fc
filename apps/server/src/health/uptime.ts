// The uptime bar's data (docs/screen-health.md §Uptime): the stored state intervals clipped to [from, to], the time
// before the first one 'unknown', and the share of the known time the screen was online.

import type { UptimeAnswer, UptimeInterval } from '@marquee/management-api';

export interface StoredInterval {
  state: 'online' | 'offline';
  started_at: number;
  ended_at: number | null;
}

/** `intervals` (any order, possibly overlapping the window's edges) as consecutive intervals covering [from, to]. */
export function uptimeOf(intervals: readonly StoredInterval[], from: number, to: number): UptimeAnswer {
  const sorted = [...intervals].sort((a, b) => a.started_at - b.started_at);
  const out: UptimeInterval[] = [];
  let cursor = from;
  for (const interval of sorted) {
    const start = Math.max(from, interval.started_at);
    const end = Math.min(to, interval.ended_at ?? to);
    if (end <= start || end <= cursor) continue;
    if (start > cursor) out.push({ state: 'unknown', from: cursor, to: start });
    const begin = Math.max(start, cursor);
    const last = out[out.length - 1];
    if (last !== undefined && last.state === interval.state && last.to === begin) last.to = end;
    else out.push({ state: interval.state, from: begin, to: end });
    cursor = end;
  }
  if (cursor < to) out.push({ state: 'unknown', from: cursor, to });
  let known = 0;
  let online = 0;
  for (const interval of out) {
    if (interval.state === 'unknown') continue;
    known += interval.to - interval.from;
    if (interval.state === 'online') online += interval.to - interval.from;
  }
  return {
    from,
    to,
    intervals: out,
    uptimePercent: known === 0 ? null : Math.round((online / known) * 1000) / 10,
  };
}
