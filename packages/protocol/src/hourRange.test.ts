import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUR_RANGE_SPAN_MINUTES, formatHourRange, HourRangeError, parseHour } from './hourRange';

function errorOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('formatHourRange', () => {
  it('formats the default 60-minute span as HH:00-HH:59', () => {
    expect(DEFAULT_HOUR_RANGE_SPAN_MINUTES).toBe(60);
    expect(formatHourRange(7)).toBe('07:00-07:59');
    expect(formatHourRange(0)).toBe('00:00-00:59');
    expect(formatHourRange(23)).toBe('23:00-23:59');
    expect(formatHourRange(12)).toBe('12:00-12:59');
  });

  it.each([
    ['7', '07:00-07:59'],
    ['07', '07:00-07:59'],
    ['7:00', '07:00-07:59'],
    ['07:00', '07:00-07:59'],
    ['0', '00:00-00:59'],
    ['23:00', '23:00-23:59'],
  ])('accepts the string %j', (input, expected) => {
    expect(formatHourRange(input)).toBe(expected);
  });

  it.each([24, -1, 100, '24', '99', '24:00', -100])('rejects %j as out of range', (input) => {
    expect(() => formatHourRange(input)).toThrow(new HourRangeError('Input out of range'));
  });

  it.each([
    '7:30',
    '7:0',
    '007',
    ' 7',
    '7 ',
    '7:00am',
    'abc',
    '',
    '-1',
    '+7',
    '٧', // a non-ASCII digit
    null,
    undefined,
    {},
    [7],
    true,
    7.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])('rejects %j as invalid input', (input) => {
    expect(() => formatHourRange(input)).toThrow(new HourRangeError('Invalid input'));
  });

  it('throws an HourRangeError whose message is exactly the text of docs/player.md §Validation', () => {
    const invalid = errorOf(() => formatHourRange('abc'));
    expect(invalid).toBeInstanceOf(HourRangeError);
    expect(invalid).toBeInstanceOf(Error);
    expect((invalid as HourRangeError).message).toBe('Invalid input');
    expect((invalid as HourRangeError).name).toBe('HourRangeError');
    expect((errorOf(() => formatHourRange(24)) as Error).message).toBe('Input out of range');
  });

  it('ends the span on its last minute and wraps past midnight', () => {
    expect(formatHourRange(7, 1)).toBe('07:00-07:00');
    expect(formatHourRange(7, 30)).toBe('07:00-07:29');
    expect(formatHourRange(7, 90)).toBe('07:00-08:29');
    expect(formatHourRange(23, 120)).toBe('23:00-00:59');
    expect(formatHourRange(5, 1440)).toBe('05:00-04:59');
  });

  it.each([0, -60, 1441, 30.5, Number.NaN])('rejects the span %j', (span) => {
    expect(() => formatHourRange(7, span)).toThrow(RangeError);
    expect(() => formatHourRange(7, span)).toThrow(
      'Span must be an integer number of minutes from 1 to 1440',
    );
  });
});

describe('parseHour', () => {
  it('returns the hour and normalises -0', () => {
    expect(parseHour('07:00')).toBe(7);
    expect(Object.is(parseHour(-0), 0)).toBe(true);
  });
});
