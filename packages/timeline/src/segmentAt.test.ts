import { describe, expect, it } from 'vitest';
import type { ScheduleRule, TimelineRules } from './rules';
import { segmentAt } from './segmentAt';

const at = (iso: string): number => Date.parse(iso);

const open: ScheduleRule = {
  id: 'open',
  name: 'Opening hours',
  playlistId: 'p-open',
  priority: 10,
  startsOn: '2026-01-01',
  endsOn: null,
  days: null,
  from: '09:00',
  to: '17:00',
  timezone: null,
};
const rules: TimelineRules = {
  timezone: 'America/New_York',
  schedules: [open],
  overrides: [],
  defaultContent: null,
};

describe('segmentAt', () => {
  it('returns the segment showing at the instant, with its real bounds', () => {
    // 12:00 EST on 2026-01-05.
    const segment = segmentAt(rules, at('2026-01-05T17:00:00Z'));
    expect(segment.source).toEqual({ kind: 'schedule', id: 'open', name: 'Opening hours' });
    expect(segment.start).toBe(at('2026-01-05T14:00:00Z'));
    expect(segment.end).toBe(at('2026-01-05T22:00:00Z'));
  });

  it('counts a boundary as the start of the next segment', () => {
    expect(segmentAt(rules, at('2026-01-05T22:00:00Z')).source.kind).toBe('idle');
    expect(segmentAt(rules, at('2026-01-05T14:00:00Z')).source.kind).toBe('schedule');
  });

  it('stops looking a day either side of the instant', () => {
    const always = { ...rules, schedules: [{ ...open, from: null, to: null }] };
    const t = at('2026-01-10T12:00:00Z');
    const segment = segmentAt(always, t);
    expect(segment.end - segment.start).toBe(2 * 24 * 3_600_000);
    expect(segment.start).toBe(t - 24 * 3_600_000);
  });
});
