import { describe, expect, it } from 'vitest';
import { LOG_LEVELS } from './constants';
import { DEFAULT_LOG_LEVEL, isLogLevelName, parseLogLevel, shouldLog } from './logLevels';

describe('LOG_LEVELS', () => {
  it('are the numbers of docs/player.md §Logging and monitoring', () => {
    expect(LOG_LEVELS).toEqual({ error: 0, warn: 2, info: 3, debug: 4, log: 5 });
  });
});

describe('parseLogLevel', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 5],
    ['error', 0],
    ['warn', 2],
    ['info', 3],
    ['debug', 4],
    ['log', 5],
    ['DEBUG', 4],
    [' warn ', 2],
    ['4', 4],
    ['0', 0],
  ])('reads %j as %i', (value, level) => {
    expect(parseLogLevel(value)).toBe(level);
  });

  it.each([
    undefined,
    null,
    -1,
    6,
    2.5,
    Number.NaN,
    '',
    'verbose',
    'warning',
    '6',
    '-1',
    '2.5',
    true,
    {},
    'toString',
  ])('falls back to info (3) for %j', (value) => {
    expect(DEFAULT_LOG_LEVEL).toBe(3);
    expect(parseLogLevel(value)).toBe(3);
  });
});

describe('isLogLevelName', () => {
  it('knows the five names and nothing inherited', () => {
    expect(['error', 'warn', 'info', 'debug', 'log'].every(isLogLevelName)).toBe(true);
    expect(isLogLevelName('toString')).toBe(false);
    expect(isLogLevelName('INFO')).toBe(false);
    expect(isLogLevelName(3)).toBe(false);
  });
});

describe('shouldLog', () => {
  it('writes messages at or below the configured level', () => {
    expect(shouldLog('info', 3)).toBe(true);
    expect(shouldLog('debug', 3)).toBe(false);
    expect(shouldLog('error', 0)).toBe(true);
    expect(shouldLog('warn', 0)).toBe(false);
    expect(shouldLog('warn', 1)).toBe(false);
    expect(shouldLog('error', 1)).toBe(true);
    expect(shouldLog('log', 5)).toBe(true);
    expect(shouldLog('log', 'debug')).toBe(false);
    expect(shouldLog('debug', 'debug')).toBe(true);
  });

  it('uses info for a configured level it cannot read', () => {
    expect(shouldLog('info', 'nonsense')).toBe(true);
    expect(shouldLog('debug', undefined)).toBe(false);
  });
});
