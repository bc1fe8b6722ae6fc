import { describe, expect, it } from 'vitest';
import { DAILY_RESTART_SLOTS } from './dailyRestartSlots';
import { DailyRestartOptionsSchema } from './dailyRestartOptions';
import { parseRestartBaseTime } from './dailyRestart';

describe('DailyRestartOptionsSchema', () => {
  it("defaults the base time to '4:00am' and the random range to 60 minutes", () => {
    expect(DailyRestartOptionsSchema.parse({ timezone: 'Europe/London' })).toEqual({
      timezone: 'Europe/London',
      nextRestartBaseTimeTarget: '4:00am',
      randomMinutesRange: 60,
    });
  });

  it('accepts base times the restart scheduler understands', () => {
    const times = ['4:00am', '04:00am', '11:30pm', '12:00pm', '0:15am', '16:30', '23:59', '00:00'];
    for (const time of [...times, ...DAILY_RESTART_SLOTS.map((slot) => slot.value)]) {
      expect(
        DailyRestartOptionsSchema.safeParse({ timezone: 'UTC', nextRestartBaseTimeTarget: time }).success,
      ).toBe(true);
      expect(() => parseRestartBaseTime(time)).not.toThrow();
    }
  });

  it('rejects malformed base times', () => {
    for (const time of ['13:00am', '24:00', '4:60am', '4am', '4:00 xm', '', 'four']) {
      expect(
        DailyRestartOptionsSchema.safeParse({ timezone: 'UTC', nextRestartBaseTimeTarget: time }).success,
      ).toBe(false);
    }
  });

  it('requires a time-zone name', () => {
    for (const timezone of ['America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'UTC']) {
      expect(DailyRestartOptionsSchema.safeParse({ timezone }).success).toBe(true);
    }
    for (const timezone of [undefined, '', ' Europe/London', 'Europe/London; drop', 'x'.repeat(65), 5]) {
      expect(DailyRestartOptionsSchema.safeParse({ timezone }).success).toBe(false);
    }
  });

  it('accepts a random range from 0 to a day of minutes', () => {
    for (const range of [0, 60, 1440]) {
      expect(
        DailyRestartOptionsSchema.safeParse({ timezone: 'UTC', randomMinutesRange: range }).success,
      ).toBe(true);
    }
    for (const range of [-1, 1441, 1.5, '60']) {
      expect(
        DailyRestartOptionsSchema.safeParse({ timezone: 'UTC', randomMinutesRange: range }).success,
      ).toBe(false);
    }
  });
});
