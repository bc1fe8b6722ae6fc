import { describe, expect, it } from 'vitest';
import { equalPriorityOverlaps } from './equalPriorityOverlaps';
import type { ScheduleRule } from './rules';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString().replace(':00.000Z', 'Z');

function schedule(id: string, fields: Partial<ScheduleRule> = {}): ScheduleRule {
  return {
    id,
    name: `Schedule ${id}`,
    playlistId: `p-${id}`,
    priority: 10,
    startsOn: '2026-01-01',
    endsOn: null,
    days: null,
    from: '09:00',
    to: '12:00',
    timezone: null,
    ...fields,
  };
}

const overlaps = (candidate: ScheduleRule, others: ScheduleRule[], from: string, to: string) =>
  equalPriorityOverlaps(candidate, others, 'Europe/London', at(from), at(to)).map(
    (o) => `${o.scheduleId} ${o.name}: ${iso(o.start)} → ${iso(o.end)}`,
  );

describe('equalPriorityOverlaps', () => {
  it('lists where the candidate runs with schedules of its own priority only', () => {
    const others = [
      schedule('same', { from: '11:00', to: '13:00' }),
      schedule('higher', { priority: 20 }),
      schedule('apart', { from: '12:00', to: '13:00' }),
    ];
    expect(overlaps(schedule('new'), others, '2026-01-05T00:00:00Z', '2026-01-07T00:00:00Z')).toEqual([
      'same Schedule same: 2026-01-05T11:00Z → 2026-01-05T12:00Z',
      'same Schedule same: 2026-01-06T11:00Z → 2026-01-06T12:00Z',
    ]);
  });

  it('skips the candidate itself, so an edited schedule can be checked against the stored list', () => {
    const candidate = schedule('edited');
    expect(overlaps(candidate, [candidate], '2026-01-05T00:00:00Z', '2026-01-07T00:00:00Z')).toEqual([]);
  });

  it('joins back-to-back stretches and clips to the range', () => {
    const allDay = (id: string) => schedule(id, { from: '00:00', to: '00:00' });
    expect(overlaps(allDay('a'), [allDay('b')], '2026-01-05T06:00:00Z', '2026-01-08T06:00:00Z')).toEqual([
      'b Schedule b: 2026-01-05T06:00Z → 2026-01-08T06:00Z',
    ]);
  });

  it('compares schedules in their own zones: 09:00 Tokyo meets 00:00–02:00 London in winter', () => {
    const tokyo = schedule('tokyo', { timezone: 'Asia/Tokyo', days: ['tue'] });
    const london = schedule('london', { from: '00:00', to: '02:00', days: ['tue'] });
    // Tuesday 09:00–12:00 JST is Tuesday 00:00–03:00 GMT.
    expect(overlaps(tokyo, [london], '2026-01-05T00:00:00Z', '2026-01-12T00:00:00Z')).toEqual([
      'london Schedule london: 2026-01-06T00:00Z → 2026-01-06T02:00Z',
    ]);
  });
});
