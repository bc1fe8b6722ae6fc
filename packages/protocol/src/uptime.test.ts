import { describe, expect, it } from 'vitest';
import { formatUptime } from './uptime';

describe('formatUptime', () => {
  it.each([
    [0, '0hr 0m 0s'],
    [1, '0hr 0m 1s'],
    [59, '0hr 0m 59s'],
    [60, '0hr 1m 0s'],
    [3599, '0hr 59m 59s'],
    [3600, '1hr 0m 0s'],
    [86399, '23hr 59m 59s'],
    [86400, '24hr 0m 0s'],
    [90061, '25hr 1m 1s'],
    [61.999, '0hr 1m 1s'],
    [360000 * 10, '1000hr 0m 0s'],
  ])('%d s is %j', (seconds, label) => {
    expect(formatUptime(seconds)).toBe(label);
  });

  it.each([-1, -0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    '%d is 0hr 0m 0s',
    (seconds) => {
      expect(formatUptime(seconds)).toBe('0hr 0m 0s');
    },
  );
});
