import { describe, expect, it } from 'vitest';
import { occurrences } from './occurrences';
import type { ScheduleRule } from './rules';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

function schedule(fields: Partial<ScheduleRule> = {}): ScheduleRule {
  return {
    id: 'breakfast',
    name: 'Breakfast',
    playlistId: 'p1',
    priority: 10,
    startsOn: '2026-01-01',
    endsOn: null,
    days: null,
    from: '09:00',
    to: '17:00',
    timezone: null,
    ...fields,
  };
}

/** The windows as ISO text, so a failure reads as times. */
function windows(rule: ScheduleRule, zone: string, from: string, to: string): string[] {
  return occurrences(rule, zone, at(from), at(to)).map(({ start, end }) => `${iso(start)} → ${iso(end)}`);
}

describe('Europe/London', () => {
  const london = 'Europe/London';

  it('keeps 09:00–17:00 at 09:00 local across the spring-forward change (2026-03-29)', () => {
    expect(windows(schedule(), london, '2026-03-28T00:00:00Z', '2026-03-31T00:00:00Z')).toEqual([
      '2026-03-28T09:00:00Z → 2026-03-28T17:00:00Z',
      '2026-03-29T08:00:00Z → 2026-03-29T16:00:00Z',
      '2026-03-30T08:00:00Z → 2026-03-30T16:00:00Z',
    ]);
  });

  it('keeps 09:00–17:00 at 09:00 local across the autumn change (2026-10-25)', () => {
    expect(windows(schedule(), london, '2026-10-24T00:00:00Z', '2026-10-27T00:00:00Z')).toEqual([
      '2026-10-24T08:00:00Z → 2026-10-24T16:00:00Z',
      '2026-10-25T09:00:00Z → 2026-10-25T17:00:00Z',
      '2026-10-26T09:00:00Z → 2026-10-26T17:00:00Z',
    ]);
  });

  it('starts a 01:30 window on the gap day at the end of the gap (02:00 BST)', () => {
    const rule = schedule({ from: '01:30', to: '03:00', startsOn: '2026-03-28', endsOn: '2026-03-29' });
    expect(windows(rule, london, '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z')).toEqual([
      '2026-03-28T01:30:00Z → 2026-03-28T03:00:00Z',
      '2026-03-29T01:00:00Z → 2026-03-29T02:00:00Z',
    ]);
  });

  it('drops a window the gap swallows whole', () => {
    const rule = schedule({ from: '01:15', to: '01:45' });
    expect(windows(rule, london, '2026-03-28T00:00:00Z', '2026-03-31T00:00:00Z')).toEqual([
      '2026-03-28T01:15:00Z → 2026-03-28T01:45:00Z',
      '2026-03-30T00:15:00Z → 2026-03-30T00:45:00Z',
    ]);
  });

  it('counts the first pass of the repeated hour (01:00–02:00 on 2026-10-25)', () => {
    const rule = schedule({ from: '01:30', to: '02:30', startsOn: '2026-10-25', endsOn: '2026-10-25' });
    // 01:30 BST (00:30Z) to 02:30 GMT (02:30Z): two hours by the clock on the wall.
    expect(windows(rule, london, '2026-10-24T00:00:00Z', '2026-10-27T00:00:00Z')).toEqual([
      '2026-10-25T00:30:00Z → 2026-10-25T02:30:00Z',
    ]);
    const inside = schedule({ from: '01:00', to: '01:30', startsOn: '2026-10-25', endsOn: '2026-10-25' });
    expect(windows(inside, london, '2026-10-24T00:00:00Z', '2026-10-27T00:00:00Z')).toEqual([
      '2026-10-25T00:00:00Z → 2026-10-25T00:30:00Z',
    ]);
  });

  it('takes a whole day from 00:00 to 00:00, 23 hours long on the gap day', () => {
    const rule = schedule({ from: '00:00', to: '00:00', startsOn: '2026-03-29', endsOn: '2026-03-29' });
    expect(windows(rule, london, '2026-03-28T00:00:00Z', '2026-03-31T00:00:00Z')).toEqual([
      '2026-03-29T00:00:00Z → 2026-03-29T23:00:00Z',
    ]);
  });

  it('takes a window whose end equals its start as 24 hours, overnight', () => {
    const rule = schedule({ from: '09:00', to: '09:00', startsOn: '2026-01-05', endsOn: '2026-01-06' });
    expect(windows(rule, london, '2026-01-05T00:00:00Z', '2026-01-08T00:00:00Z')).toEqual([
      '2026-01-05T09:00:00Z → 2026-01-06T09:00:00Z',
      '2026-01-06T09:00:00Z → 2026-01-07T09:00:00Z',
    ]);
  });

  it('reads a null end as 24:00, 25 hours after midnight on the autumn day', () => {
    const rule = schedule({ from: null, to: null, startsOn: '2026-10-25', endsOn: '2026-10-25' });
    expect(windows(rule, london, '2026-10-24T00:00:00Z', '2026-10-27T00:00:00Z')).toEqual([
      '2026-10-24T23:00:00Z → 2026-10-26T00:00:00Z',
    ]);
  });

  it('runs an overnight Friday 22:00–02:00 window into Saturday, and not on Saturday night', () => {
    const rule = schedule({ from: '22:00', to: '02:00', days: ['fri'] });
    // Friday 2026-06-05 to Monday 2026-06-08, British Summer Time.
    expect(windows(rule, london, '2026-06-05T00:00:00Z', '2026-06-08T00:00:00Z')).toEqual([
      '2026-06-05T21:00:00Z → 2026-06-06T01:00:00Z',
    ]);
    // Seen from Saturday morning, Friday's occurrence is still running.
    expect(windows(rule, london, '2026-06-06T00:30:00Z', '2026-06-07T12:00:00Z')).toEqual([
      '2026-06-05T21:00:00Z → 2026-06-06T01:00:00Z',
    ]);
  });

  it('crosses midnight and the year, and endsOn is the last day an occurrence starts', () => {
    const rule = schedule({ from: '23:00', to: '01:00', startsOn: '2026-12-30', endsOn: '2026-12-31' });
    expect(windows(rule, london, '2026-12-29T00:00:00Z', '2027-01-03T00:00:00Z')).toEqual([
      '2026-12-30T23:00:00Z → 2026-12-31T01:00:00Z',
      '2026-12-31T23:00:00Z → 2027-01-01T01:00:00Z',
    ]);
  });

  it('has no window before startsOn', () => {
    const rule = schedule({ startsOn: '2026-07-01' });
    expect(windows(rule, london, '2026-06-20T00:00:00Z', '2026-06-30T00:00:00Z')).toEqual([]);
    expect(windows(rule, london, '2026-06-29T00:00:00Z', '2026-07-02T00:00:00Z')).toEqual([
      '2026-07-01T08:00:00Z → 2026-07-01T16:00:00Z',
    ]);
  });

  it('returns whole windows that overlap the range, not clipped ones', () => {
    expect(windows(schedule(), london, '2026-01-05T12:00:00Z', '2026-01-05T12:01:00Z')).toEqual([
      '2026-01-05T09:00:00Z → 2026-01-05T17:00:00Z',
    ]);
    // Half-open: a window ending at `from` or starting at `to` does not overlap.
    expect(windows(schedule(), london, '2026-01-05T17:00:00Z', '2026-01-06T09:00:00Z')).toEqual([]);
  });

  it('filters by weekday: Monday to Friday over two weeks', () => {
    const rule = schedule({ days: ['mon', 'tue', 'wed', 'thu', 'fri'] });
    const found = occurrences(rule, london, at('2026-02-02T00:00:00Z'), at('2026-02-16T00:00:00Z'));
    expect(found.map(({ start }) => new Date(start).getUTCDay())).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
  });

  it('shows a Tokyo schedule on a London screen by Tokyo time and Tokyo weekday', () => {
    const rule = schedule({ timezone: 'Asia/Tokyo', from: '06:00', to: '08:00', days: ['mon'] });
    // Monday 06:00 in Tokyo is Sunday 22:00 in London (BST).
    expect(windows(rule, london, '2026-06-06T00:00:00Z', '2026-06-09T00:00:00Z')).toEqual([
      '2026-06-07T21:00:00Z → 2026-06-07T23:00:00Z',
    ]);
  });
});

describe('America/New_York and America/Phoenix', () => {
  const ny = 'America/New_York';
  const phoenix = 'America/Phoenix';

  it('keeps 09:00–17:00 at 09:00 local across both changes of 2026', () => {
    expect(windows(schedule(), ny, '2026-03-07T00:00:00Z', '2026-03-09T00:00:00Z')).toEqual([
      '2026-03-07T14:00:00Z → 2026-03-07T22:00:00Z',
      '2026-03-08T13:00:00Z → 2026-03-08T21:00:00Z',
    ]);
    expect(windows(schedule(), ny, '2026-10-31T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual([
      '2026-10-31T13:00:00Z → 2026-10-31T21:00:00Z',
      '2026-11-01T14:00:00Z → 2026-11-01T22:00:00Z',
    ]);
  });

  it('resolves 02:30 on 2026-03-08 to 03:00 EDT and 01:30 on 2026-11-01 to its EDT pass', () => {
    const spring = schedule({ from: '02:30', to: '04:00', startsOn: '2026-03-08', endsOn: '2026-03-08' });
    expect(windows(spring, ny, '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z')).toEqual([
      '2026-03-08T07:00:00Z → 2026-03-08T08:00:00Z',
    ]);
    const autumn = schedule({ from: '01:30', to: '03:00', startsOn: '2026-11-01', endsOn: '2026-11-01' });
    expect(windows(autumn, ny, '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z')).toEqual([
      '2026-11-01T05:30:00Z → 2026-11-01T08:00:00Z',
    ]);
  });

  it('keeps the same UTC instants in Phoenix (no DST) while New York moves an hour', () => {
    const utcStartHours = (zone: string, from: string, to: string) =>
      occurrences(schedule(), zone, at(from), at(to)).map(({ start }) => new Date(start).getUTCHours());
    expect(utcStartHours(phoenix, '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z')).toEqual([16, 16, 16]);
    expect(utcStartHours(ny, '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z')).toEqual([14, 13, 13]);
    expect(utcStartHours(phoenix, '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z')).toEqual([16, 16, 16]);
    expect(utcStartHours(ny, '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z')).toEqual([13, 14, 14]);
  });
});

describe('malformed input', () => {
  it('throws a RangeError naming the field, or the zone', () => {
    expect(() => occurrences(schedule({ startsOn: '2026-02-30' }), 'UTC', 0, 1)).toThrow(
      'Schedule "breakfast": invalid startsOn',
    );
    expect(() => occurrences(schedule({ from: '24:00' }), 'UTC', 0, 1)).toThrow(RangeError);
    expect(() => occurrences(schedule({ days: ['fri', 'xyz' as 'fri'] }), 'UTC', 0, 1)).toThrow(
      'invalid days',
    );
    expect(() => occurrences(schedule(), 'Mars/Olympus_Mons', 0, 1)).toThrow(RangeError);
    expect(() => occurrences(schedule(), 'UTC', 0, Infinity)).toThrow(RangeError);
  });

  it('returns nothing for an empty range', () => {
    expect(occurrences(schedule(), 'UTC', at('2026-01-05T12:00:00Z'), at('2026-01-05T12:00:00Z'))).toEqual(
      [],
    );
  });
});
