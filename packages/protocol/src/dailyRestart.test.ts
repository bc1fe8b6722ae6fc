import { describe, expect, it } from 'vitest';
import { DAILY_RESTART_BASE_TIME, DAILY_RESTART_RANDOM_MINUTES } from './constants';
import {
  DailyRestartError,
  isValidTimeZone,
  nextRestartTime,
  parseRestartBaseTime,
  wallClockToInstant,
} from './dailyRestart';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString();
const fixed = (value: number) => () => value;

describe('parseRestartBaseTime', () => {
  it.each([
    ['4:00am', 4 * 60],
    ['04:00am', 4 * 60],
    ['12:00am', 0],
    ['00:00am', 0],
    ['12:00pm', 12 * 60],
    ['00:00pm', 12 * 60],
    ['11:30pm', 23 * 60 + 30],
    ['1:05PM', 13 * 60 + 5],
    ['4:00 am', 4 * 60],
    ['16:30', 16 * 60 + 30],
    ['0:00', 0],
  ])('%j is %i minutes after midnight', (value, minutes) => {
    expect(parseRestartBaseTime(value)).toBe(minutes);
  });

  it.each(['13:00pm', '4:60am', '24:00', '4am', '4:0am', 'four', '', '4:00xm', null, 400])(
    'rejects %j',
    (value) => {
      expect(() => parseRestartBaseTime(value)).toThrow(DailyRestartError);
      expect(() => parseRestartBaseTime(value)).toThrow(/^Invalid restart base time: /);
    },
  );
});

describe('nextRestartTime', () => {
  it('defaults to 4:00am plus up to 60 minutes', () => {
    expect(DAILY_RESTART_BASE_TIME).toBe('4:00am');
    expect(DAILY_RESTART_RANDOM_MINUTES).toBe(60);
    const now = at('2026-01-15T03:00:00Z');
    expect(iso(nextRestartTime({ timezone: 'UTC' }, { now, random: fixed(0) }))).toBe(
      '2026-01-15T04:00:00.000Z',
    );
    expect(iso(nextRestartTime({ timezone: 'UTC' }, { now, random: fixed(0.999) }))).toBe(
      '2026-01-15T04:59:00.000Z',
    );
    expect(iso(nextRestartTime({ timezone: 'UTC' }, { now, random: fixed(0.5) }))).toBe(
      '2026-01-15T04:30:00.000Z',
    );
  });

  it('is strictly after now: just before the target is today, at or just after it is tomorrow', () => {
    const deps = (now: number) => ({ now, random: fixed(0) });
    expect(iso(nextRestartTime({ timezone: 'UTC' }, deps(at('2026-01-15T03:59:59.999Z'))))).toBe(
      '2026-01-15T04:00:00.000Z',
    );
    expect(iso(nextRestartTime({ timezone: 'UTC' }, deps(at('2026-01-15T04:00:00.000Z'))))).toBe(
      '2026-01-16T04:00:00.000Z',
    );
    expect(iso(nextRestartTime({ timezone: 'UTC' }, deps(at('2026-01-15T04:00:00.001Z'))))).toBe(
      '2026-01-16T04:00:00.000Z',
    );
  });

  it("never restarts twice in one window: from inside today's window the next restart is tomorrow's", () => {
    const now = at('2026-01-15T04:20:00Z'); // e.g. just restarted at 04:19
    expect(iso(nextRestartTime({ timezone: 'UTC' }, { now, random: fixed(0.5) }))).toBe(
      '2026-01-16T04:30:00.000Z',
    );
    expect(iso(nextRestartTime({ timezone: 'UTC' }, { now, random: fixed(0.25) }))).toBe(
      '2026-01-16T04:15:00.000Z',
    );
  });

  it('draws the random delay once', () => {
    let calls = 0;
    nextRestartTime({ timezone: 'UTC' }, { now: at('2026-01-15T12:00:00Z'), random: () => (calls++, 0.1) });
    expect(calls).toBe(1);
  });

  it('accepts a Date for now', () => {
    const now = new Date('2026-01-15T03:00:00Z');
    expect(iso(nextRestartTime({ timezone: 'UTC' }, { now, random: fixed(0) }))).toBe(
      '2026-01-15T04:00:00.000Z',
    );
  });

  it('honours a base time and range of its own', () => {
    const options = { timezone: 'UTC', nextRestartBaseTimeTarget: '02:00pm', randomMinutesRange: 10 };
    expect(iso(nextRestartTime(options, { now: at('2026-01-15T03:00:00Z'), random: fixed(0.999) }))).toBe(
      '2026-01-15T14:09:00.000Z',
    );
    const noDelay = { timezone: 'UTC', randomMinutesRange: 0 };
    expect(iso(nextRestartTime(noDelay, { now: at('2026-01-15T03:00:00Z'), random: fixed(0.999) }))).toBe(
      '2026-01-15T04:00:00.000Z',
    );
  });

  it('carries a delay past midnight into the next day, and skips a window that began before now', () => {
    const options = { timezone: 'UTC', nextRestartBaseTimeTarget: '11:30pm' };
    const random = fixed(0.75); // 45 minutes → 00:15 the next day
    expect(iso(nextRestartTime(options, { now: at('2026-01-15T23:29:00Z'), random }))).toBe(
      '2026-01-16T00:15:00.000Z',
    );
    for (const now of ['2026-01-15T23:50:00Z', '2026-01-16T00:05:00Z', '2026-01-16T00:15:00Z']) {
      expect(iso(nextRestartTime(options, { now: at(now), random }))).toBe('2026-01-17T00:15:00.000Z');
    }
  });

  it('handles a half-hour offset (Asia/Kolkata, +5:30)', () => {
    // 4:00am IST is 22:30 UTC the day before.
    const timezone = 'Asia/Kolkata';
    expect(iso(nextRestartTime({ timezone }, { now: at('2026-06-10T00:00:00Z'), random: fixed(0) }))).toBe(
      '2026-06-10T22:30:00.000Z',
    );
    expect(iso(nextRestartTime({ timezone }, { now: at('2026-06-09T22:29:00Z'), random: fixed(0) }))).toBe(
      '2026-06-09T22:30:00.000Z',
    );
  });

  describe('Europe/London (BST from 29 March 2026 01:00 UTC to 25 October 2026 01:00 UTC)', () => {
    const timezone = 'Europe/London';

    it('restarts at 4:00 local on either side of the spring-forward change', () => {
      const random = fixed(0);
      expect(iso(nextRestartTime({ timezone }, { now: at('2026-03-27T12:00:00Z'), random }))).toBe(
        '2026-03-28T04:00:00.000Z',
      );
      expect(iso(nextRestartTime({ timezone }, { now: at('2026-03-28T12:00:00Z'), random }))).toBe(
        '2026-03-29T03:00:00.000Z',
      );
    });

    it('moves a skipped time forward by the gap', () => {
      const options = { timezone, nextRestartBaseTimeTarget: '1:00am' };
      // 01:30 does not exist on 29 March; it becomes 02:30 BST = 01:30 UTC.
      expect(iso(nextRestartTime(options, { now: at('2026-03-28T12:00:00Z'), random: fixed(0.5) }))).toBe(
        '2026-03-29T01:30:00.000Z',
      );
    });

    it('restarts at 4:00 local on either side of the fall-back change', () => {
      const random = fixed(0);
      expect(iso(nextRestartTime({ timezone }, { now: at('2026-10-24T00:00:00Z'), random }))).toBe(
        '2026-10-24T03:00:00.000Z',
      );
      expect(iso(nextRestartTime({ timezone }, { now: at('2026-10-24T12:00:00Z'), random }))).toBe(
        '2026-10-25T04:00:00.000Z',
      );
    });

    it('takes the first of a repeated time', () => {
      const options = { timezone, nextRestartBaseTimeTarget: '1:00am' };
      // 01:30 happens at 00:30 UTC (BST) and again at 01:30 UTC (GMT).
      expect(iso(nextRestartTime(options, { now: at('2026-10-24T12:00:00Z'), random: fixed(0.5) }))).toBe(
        '2026-10-25T00:30:00.000Z',
      );
      // Once the first has passed, the next restart is the following day's, not the repeat.
      expect(iso(nextRestartTime(options, { now: at('2026-10-25T00:30:00Z'), random: fixed(0.5) }))).toBe(
        '2026-10-26T01:30:00.000Z',
      );
    });
  });

  describe('America/New_York (EDT from 8 March 2026 07:00 UTC to 1 November 2026 06:00 UTC)', () => {
    const timezone = 'America/New_York';

    it('restarts at 4:00 local on either side of the spring-forward change', () => {
      const random = fixed(0);
      expect(iso(nextRestartTime({ timezone }, { now: at('2026-03-07T00:00:00Z'), random }))).toBe(
        '2026-03-07T09:00:00.000Z',
      );
      expect(iso(nextRestartTime({ timezone }, { now: at('2026-03-07T12:00:00Z'), random }))).toBe(
        '2026-03-08T08:00:00.000Z',
      );
    });

    it('moves a skipped time forward by the gap', () => {
      const options = { timezone, nextRestartBaseTimeTarget: '2:00am' };
      // 02:15 does not exist on 8 March; it becomes 03:15 EDT = 07:15 UTC.
      expect(iso(nextRestartTime(options, { now: at('2026-03-07T12:00:00Z'), random: fixed(0.25) }))).toBe(
        '2026-03-08T07:15:00.000Z',
      );
    });

    it('restarts at 4:00 local on either side of the fall-back change, with the random delay', () => {
      expect(
        iso(nextRestartTime({ timezone }, { now: at('2026-10-31T00:00:00Z'), random: fixed(0.999) })),
      ).toBe('2026-10-31T08:59:00.000Z');
      expect(
        iso(nextRestartTime({ timezone }, { now: at('2026-10-31T12:00:00Z'), random: fixed(0.999) })),
      ).toBe('2026-11-01T09:59:00.000Z');
    });

    it('takes the first of a repeated time', () => {
      const options = { timezone, nextRestartBaseTimeTarget: '1:00am' };
      expect(iso(nextRestartTime(options, { now: at('2026-10-31T12:00:00Z'), random: fixed(0.5) }))).toBe(
        '2026-11-01T05:30:00.000Z',
      );
    });
  });

  it.each(['Mars/Olympus_Mons', '', 'Not a zone'])('rejects the time zone %j', (timezone) => {
    const deps = { now: at('2026-01-15T03:00:00Z'), random: fixed(0) };
    expect(() => nextRestartTime({ timezone }, deps)).toThrow(DailyRestartError);
    expect(() => nextRestartTime({ timezone }, deps)).toThrow(
      `Invalid timezone: ${JSON.stringify(timezone)}`,
    );
  });

  it('rejects an invalid base time', () => {
    const deps = { now: at('2026-01-15T03:00:00Z'), random: fixed(0) };
    expect(() => nextRestartTime({ timezone: 'UTC', nextRestartBaseTimeTarget: '25:00' }, deps)).toThrow(
      'Invalid restart base time: "25:00"',
    );
  });

  it('rejects an invalid clock, range or random value', () => {
    const now = at('2026-01-15T03:00:00Z');
    expect(() => nextRestartTime({ timezone: 'UTC' }, { now: new Date('nope'), random: fixed(0) })).toThrow(
      'Invalid current time',
    );
    expect(() =>
      nextRestartTime({ timezone: 'UTC', randomMinutesRange: -1 }, { now, random: fixed(0) }),
    ).toThrow('Invalid random minutes range: -1');
    expect(() => nextRestartTime({ timezone: 'UTC' }, { now, random: fixed(1) })).toThrow(
      'random() must return a number in [0, 1), got 1',
    );
    expect(() => nextRestartTime({ timezone: 'UTC' }, { now, random: fixed(Number.NaN) })).toThrow(
      DailyRestartError,
    );
  });
});

describe('wallClockToInstant', () => {
  it('converts ordinary, skipped and repeated wall times', () => {
    const ny = 'America/New_York';
    expect(iso(wallClockToInstant({ year: 2026, month: 7, day: 4, hour: 12, minute: 0 }, ny))).toBe(
      '2026-07-04T16:00:00.000Z',
    );
    expect(iso(wallClockToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 0 }, ny))).toBe(
      '2026-03-08T07:00:00.000Z',
    );
    expect(iso(wallClockToInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 59 }, ny))).toBe(
      '2026-11-01T05:59:00.000Z',
    );
    expect(iso(wallClockToInstant({ year: 2026, month: 12, day: 32, hour: 0, minute: 0 }, 'UTC'))).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('inverts the Intl wall clock for every quarter hour of a year with DST (Europe/London)', () => {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/London',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    const mismatches: string[] = [];
    for (let t = at('2026-01-01T00:00:00Z'); t < at('2027-01-01T00:00:00Z'); t += 15 * 60_000) {
      const parts = Object.fromEntries(
        format.formatToParts(t).map((part) => [part.type, Number(part.value)]),
      );
      const { year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN } = parts;
      const back = wallClockToInstant({ year, month, day, hour, minute }, 'Europe/London');
      if (back !== t) mismatches.push(`${iso(t)} -> ${iso(back)}`);
    }
    // Only the repeated hour's second pass (GMT) maps back to its first occurrence (BST), an hour earlier.
    expect(mismatches).toEqual([
      '2026-10-25T01:00:00.000Z -> 2026-10-25T00:00:00.000Z',
      '2026-10-25T01:15:00.000Z -> 2026-10-25T00:15:00.000Z',
      '2026-10-25T01:30:00.000Z -> 2026-10-25T00:30:00.000Z',
      '2026-10-25T01:45:00.000Z -> 2026-10-25T00:45:00.000Z',
    ]);
  });
});

describe('isValidTimeZone', () => {
  it('knows IANA zones', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });
});
