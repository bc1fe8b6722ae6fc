// Log-level threshold (docs/player.md §Logging and monitoring, which also has the logging record {logLevel}): a
// message is written when its level's number is at most the configured one.

import { hasOwn } from './hasOwn';
import { LOG_LEVELS, type LogLevelName } from './constants';

/** Used when the configured level is missing or not understood: errors, warnings and info, not debug. */
export const DEFAULT_LOG_LEVEL: number = LOG_LEVELS.info;

const LEVEL_NUMBERS: readonly number[] = Object.values(LOG_LEVELS);
const MIN_LOG_LEVEL = Math.min(...LEVEL_NUMBERS);
const MAX_LOG_LEVEL = Math.max(...LEVEL_NUMBERS);

export function isLogLevelName(value: unknown): value is LogLevelName {
  return typeof value === 'string' && hasOwn(LOG_LEVELS, value);
}

/**
 * The numeric threshold a configured value names: an integer from error (0) to log (5), the same as a digit
 * string, or a level name in any case. Anything else (missing, out of range, fractional, unknown) gives
 * DEFAULT_LOG_LEVEL rather than an error, so a bad remote setting never silences or floods the log.
 */
export function parseLogLevel(value: unknown): number {
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (isLogLevelName(text)) return LOG_LEVELS[text];
    return /^\d+$/.test(text) ? parseLogLevel(Number(text)) : DEFAULT_LOG_LEVEL;
  }
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MIN_LOG_LEVEL &&
    value <= MAX_LOG_LEVEL
  ) {
    return value + 0; // -0 → 0
  }
  return DEFAULT_LOG_LEVEL;
}

/** Whether a message of `messageLevel` is written under the configured level (any value parseLogLevel reads). */
export function shouldLog(messageLevel: LogLevelName, configuredLevel: unknown): boolean {
  return LOG_LEVELS[messageLevel] <= parseLogLevel(configuredLevel);
}
