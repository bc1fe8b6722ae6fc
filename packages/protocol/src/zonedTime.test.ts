import { describe, expect, it } from 'vitest';
import {
  formatIsoWithOffset,
  intlLocalMs,
  isValidTimeZone,
  localDateOf,
  localHourStart,
  localMsOf,
  localMsToInstant,
  wallClockOf,
  zonedClock,
} from './zonedTime';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString();
/** A wall clock as local ms. */
const local = (year: number, month: number, day: number, hour: number, minute = 0) =>
  Date.UTC(year, month - 1, day, hour, minute);

describe('localMsToInstant (the schedule rule)', () => {
  const ny = 'America/New_York';
  const london = 'Europe/London';

  it('converts ordinary wall times with the offset of the day', () => {
    expect(iso(localMsToInstant(local(2026, 7, 4, 12), ny))).toBe('2026-07-04T16:00:00.000Z');
    expect(iso(localMsToInstant(local(2026, 1, 15, 9), london))).toBe('2026-01-15T09:00:00.000Z');
    expect(iso(localMsToInstant(local(2026, 7, 15, 9), london))).toBe('2026-07-15T08:00:00.000Z');
  });

  it('resolves a time inside a spring-forward gap to the end of the gap', () => {
    // New York, 2026-03-08: 02:00 EST becomes 03:00 EDT at 07:00Z.
    expect(iso(localMsToInstant(local(2026, 3, 8, 2, 30), ny))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(localMsToInstant(local(2026, 3, 8, 2, 0), ny))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(localMsToInstant(local(2026, 3, 8, 1, 59), ny))).toBe('2026-03-08T06:59:00.000Z');
    expect(iso(localMsToInstant(local(2026, 3, 8, 3, 0), ny))).toBe('2026-03-08T07:00:00.000Z');
    // London, 2026-03-29: 01:00 GMT becomes 02:00 BST at 01:00Z.
    expect(iso(localMsToInstant(local(2026, 3, 29, 1, 30), london))).toBe('2026-03-29T01:00:00.000Z');
  });

  it('resolves a repeated time to its first occurrence', () => {
    // New York, 2026-11-01: 02:00 EDT falls back to 01:00 EST at 06:00Z.
    expect(iso(localMsToInstant(local(2026, 11, 1, 1, 30), ny))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(localMsToInstant(local(2026, 11, 1, 2, 0), ny))).toBe('2026-11-01T07:00:00.000Z');
    // London, 2026-10-25: 02:00 BST falls back to 01:00 GMT at 01:00Z.
    expect(iso(localMsToInstant(local(2026, 10, 25, 1, 30), london))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('handles a change at midnight (America/Santiago skips 00:00–01:00 on 2026-09-06)', () => {
    const santiago = 'America/Santiago';
    expect(iso(localMsToInstant(local(2026, 9, 6, 0, 0), santiago))).toBe('2026-09-06T04:00:00.000Z');
    expect(iso(localMsToInstant(local(2026, 9, 6, 0, 30), santiago))).toBe('2026-09-06T04:00:00.000Z');
    expect(iso(localMsToInstant(local(2026, 9, 5, 23, 59), santiago))).toBe('2026-09-06T03:59:00.000Z');
  });

  it('throws a RangeError for an unknown zone', () => {
    expect(() => localMsToInstant(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => zonedClock('')).toThrow('Invalid timezone: ""');
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

// Zones with ordinary, half-hour, 45-minute, southern-hemisphere and midnight changes.
const ZONES = [
  'Europe/London',
  'America/New_York',
  'America/Phoenix',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/Santiago',
  'America/St_Johns',
  'Asia/Kolkata',
];

describe('the cache agrees with Intl over a year (2026, every half hour)', () => {
  it.each(ZONES)('%s', (zone) => {
    const clock = zonedClock(zone);
    const problems: string[] = [];
    for (let t = at('2026-01-01T00:00:00Z'); t < at('2027-01-01T00:00:00Z'); t += 30 * 60_000) {
      const wall = clock.localMsOf(t);
      if (wall !== intlLocalMs(t, zone)) problems.push(`localMsOf ${iso(t)}`);
      // The way back lands on the first instant showing that wall time: t itself, or an earlier pass.
      const back = clock.instantOf(wall);
      if (back > t || clock.localMsOf(back) !== wall) problems.push(`instantOf ${iso(t)} -> ${iso(back)}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(ZONES)(
    '%s: every local quarter hour is shown, or lies in a gap and resolves to its end',
    (zone) => {
      const clock = zonedClock(zone);
      const problems: string[] = [];
      for (let wall = local(2026, 1, 1, 0); wall < local(2027, 1, 1, 0); wall += 15 * 60_000) {
        const instant = clock.instantOf(wall);
        const shown = clock.localMsOf(instant) === wall;
        const gapEnd = clock.localMsOf(instant - 1) < wall && wall < clock.localMsOf(instant);
        if (!shown && !gapEnd) problems.push(iso(wall));
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('wallClockOf and localDateOf', () => {
  it('reads the wall clock and the ISO weekday (1 = Monday)', () => {
    // 01:00Z on Sunday 2026-03-29 is 02:00 BST, the first minute after London's spring forward.
    expect(wallClockOf(at('2026-03-29T01:00:00Z'), 'Europe/London')).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 2,
      minute: 0,
      second: 0,
      weekday: 7,
    });
    expect(wallClockOf(at('2026-03-29T20:00:30Z'), 'Asia/Tokyo')).toEqual({
      year: 2026,
      month: 3,
      day: 30,
      hour: 5,
      minute: 0,
      second: 30,
      weekday: 1,
    });
  });

  it('names the local date', () => {
    const instant = at('2026-03-28T23:30:00Z');
    expect(localDateOf(instant, 'Asia/Tokyo')).toBe('2026-03-29');
    expect(localDateOf(instant, 'America/New_York')).toBe('2026-03-28');
    expect(localDateOf(instant, 'UTC')).toBe('2026-03-28');
  });

  it('localMsOf is the wall clock as if it were UTC', () => {
    expect(iso(localMsOf(at('2026-07-01T12:00:00Z'), 'Asia/Kolkata'))).toBe('2026-07-01T17:30:00.000Z');
  });
});

describe('formatIsoWithOffset', () => {
  it('writes the local time with its offset, seconds always and never Z', () => {
    expect(formatIsoWithOffset(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-03-29T03:00:00+02:00',
    );
    expect(formatIsoWithOffset(at('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe(
      '2026-03-29T01:59:00+01:00',
    );
    expect(formatIsoWithOffset(at('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01T00:00:00+00:00');
    expect(formatIsoWithOffset(at('2026-11-01T06:00:00Z'), 'America/New_York')).toBe(
      '2026-11-01T01:00:00-05:00',
    );
    expect(formatIsoWithOffset(at('2026-07-01T12:00:00.250Z'), 'Asia/Kolkata')).toBe(
      '2026-07-01T17:30:00.250+05:30',
    );
  });

  it('names the same instant it was given, in every zone', () => {
    for (const zone of ZONES) {
      for (let t = at('2026-03-01T00:00:00Z'); t < at('2026-12-01T00:00:00Z'); t += 7 * 3_600_000 + 60_000) {
        expect(Date.parse(formatIsoWithOffset(t, zone))).toBe(t);
      }
    }
  });
});

describe('localHourStart', () => {
  const hourOf = (instant: number, zone: string) => formatIsoWithOffset(localHourStart(instant, zone), zone);

  it('gives the repeated autumn hour of Europe/London as two hours with their own offsets', () => {
    // 25 October 2026: 02:00 BST goes back to 01:00 GMT, so 01:xx happens twice.
    expect(hourOf(at('2026-10-25T00:30:00Z'), 'Europe/London')).toBe('2026-10-25T01:00:00+01:00');
    expect(hourOf(at('2026-10-25T01:30:00Z'), 'Europe/London')).toBe('2026-10-25T01:00:00+00:00');
    expect(localHourStart(at('2026-10-25T01:30:00Z'), 'Europe/London')).toBe(at('2026-10-25T01:00:00Z'));
  });

  it('goes from 00:59 to 02:00 across the spring gap, and keeps midnight in its own day', () => {
    expect(hourOf(at('2026-03-29T00:59:59Z'), 'Europe/London')).toBe('2026-03-29T00:00:00+00:00');
    expect(hourOf(at('2026-03-29T01:00:00Z'), 'Europe/London')).toBe('2026-03-29T02:00:00+01:00');
    expect(hourOf(at('2026-11-01T04:00:00Z'), 'America/New_York')).toBe('2026-11-01T00:00:00-04:00');
    expect(hourOf(at('2026-07-01T06:59:00Z'), 'America/Phoenix')).toBe('2026-06-30T23:00:00-07:00');
  });

  it('starts the hours of a half-hour zone at its own :00', () => {
    expect(hourOf(at('2026-07-01T12:10:00Z'), 'Asia/Kolkata')).toBe('2026-07-01T17:00:00+05:30');
    expect(hourOf(at('2026-07-01T12:40:00Z'), 'Asia/Kolkata')).toBe('2026-07-01T18:00:00+05:30');
  });
});
