import { describe, expect, it } from 'vitest';
import { parseLocalTime } from './localHour';

describe('parseLocalTime', () => {
  it('keeps the two London 01:30s of the autumn change apart by their offsets', () => {
    const first = parseLocalTime('2026-10-25T01:30:00+01:00');
    const second = parseLocalTime('2026-10-25T01:30:00+00:00');
    expect(first?.instant).toBe(Date.UTC(2026, 9, 25, 0, 30));
    expect(second?.instant).toBe(Date.UTC(2026, 9, 25, 1, 30));
    expect(first?.hourStart).toBe(Date.UTC(2026, 9, 25, 0));
    expect(second?.hourStart).toBe(Date.UTC(2026, 9, 25, 1));
    expect([first?.hourLabel, second?.hourLabel]).toEqual([
      '2026-10-25T01:00+01:00',
      '2026-10-25T01:00+00:00',
    ]);
  });

  it('reads milliseconds, Z and negative offsets', () => {
    const time = parseLocalTime('2026-11-01T01:59:59.5-05:00');
    expect(time?.instant).toBe(Date.UTC(2026, 10, 1, 6, 59, 59, 500));
    expect(time?.date).toBe('2026-11-01');
    expect(parseLocalTime('2026-01-01T00:00:00Z')).toMatchObject({
      hourLabel: '2026-01-01T00:00+00:00',
      onTheHour: true,
    });
  });

  it('refuses what is not a real local time', () => {
    for (const text of [
      '2026-02-30T10:00:00+01:00',
      '2026-01-01T24:00:00Z',
      '2026-01-01 10:00:00Z',
      '2026-01-01T10:00:00',
    ]) {
      expect(parseLocalTime(text)).toBeNull();
    }
  });
});
