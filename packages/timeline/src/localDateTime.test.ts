import { describe, expect, it } from 'vitest';
import { isLocalDate, isLocalTime, parseLocalDate, parseLocalTime, weekdayOf } from './localDateTime';

describe('local dates', () => {
  it.each(['2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31', '1970-01-01'])('%s is a date', (value) => {
    expect(isLocalDate(value)).toBe(true);
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-1-01',
    '26-01-01',
    '',
  ])('%j is not', (value) => {
    expect(isLocalDate(value)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(isLocalDate(20260101)).toBe(false);
    expect(isLocalDate(null)).toBe(false);
  });

  it('numbers every day of 1900–2100 as Date does', () => {
    const problems: string[] = [];
    for (let day = Date.UTC(1900, 0, 1) / 86_400_000; day < Date.UTC(2100, 0, 1) / 86_400_000; day++) {
      const text = new Date(day * 86_400_000).toISOString().slice(0, 10);
      if (parseLocalDate(text) !== day) problems.push(text);
    }
    expect(problems).toEqual([]);
  });

  it('names weekdays', () => {
    expect(weekdayOf(parseLocalDate('2026-03-29')!)).toBe('sun');
    expect(weekdayOf(parseLocalDate('2026-03-30')!)).toBe('mon');
    expect(weekdayOf(parseLocalDate('1969-12-31')!)).toBe('wed');
  });
});

describe('local times', () => {
  it('takes 00:00 to 23:59 as a start', () => {
    expect(parseLocalTime('00:00')).toBe(0);
    expect(parseLocalTime('09:30')).toBe(9 * 60 + 30);
    expect(parseLocalTime('23:59')).toBe(23 * 60 + 59);
  });

  it('takes 24:00 only as an end', () => {
    expect(isLocalTime('24:00')).toBe(false);
    expect(isLocalTime('24:00', 'to')).toBe(true);
    expect(parseLocalTime('24:00', 'to')).toBe(24 * 60);
  });

  it.each(['7:00', '24:01', '12:60', '12-00', '12:00:00', ' 12:00', ''])('refuses %j', (value) => {
    expect(isLocalTime(value)).toBe(false);
    expect(isLocalTime(value, 'to')).toBe(false);
  });
});
