// The hour-to-range formatter of docs/player.md §Validation: 7 → '07:00-07:59'.
//
// Errors are thrown (not returned) as an HourRangeError whose message is exactly one of the two documented texts, so
// a caller can show `error.message` as is. Input is checked for its type/shape first ('Invalid input'), then for
// its range ('Input out of range'): a non-integer number such as 7.5 is not an hour at all, so it is
// 'Invalid input', while the integer 24 is 'Input out of range'.

export type HourRangeErrorMessage = 'Invalid input' | 'Input out of range';

export class HourRangeError extends Error {
  declare readonly message: HourRangeErrorMessage;

  constructor(message: HourRangeErrorMessage) {
    super(message);
    this.name = 'HourRangeError';
  }
}

export const DEFAULT_HOUR_RANGE_SPAN_MINUTES = 60;
const MINUTES_PER_DAY = 24 * 60;

// One or two ASCII digits, optionally followed by ':00' (so '7:30' is not an hour).
const HOUR_STRING = /^(\d{1,2})(?::00)?$/;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** The hour (0–23) an input names; throws HourRangeError otherwise. */
export function parseHour(input: unknown): number {
  let hour: number;
  if (typeof input === 'number') {
    if (!Number.isInteger(input)) throw new HourRangeError('Invalid input');
    hour = input;
  } else if (typeof input === 'string') {
    const match = HOUR_STRING.exec(input);
    if (!match) throw new HourRangeError('Invalid input');
    hour = Number(match[1]);
  } else {
    throw new HourRangeError('Invalid input');
  }
  if (hour < 0 || hour > 23) throw new HourRangeError('Input out of range');
  return hour + 0; // normalises -0 to 0
}

/**
 * 'HH:00-HH:MM' for the span of `spanMinutes` minutes starting at the hour; the end is the span's last minute
 * (inclusive, as in the slot labels '12:00am - 12:59am'), wrapping past midnight: (23, 120) → '23:00-00:59'.
 * `spanMinutes` must be an integer from 1 to 1440, else a RangeError (a programming error, not user input).
 */
export function formatHourRange(
  input: unknown,
  spanMinutes: number = DEFAULT_HOUR_RANGE_SPAN_MINUTES,
): string {
  if (!Number.isInteger(spanMinutes) || spanMinutes < 1 || spanMinutes > MINUTES_PER_DAY) {
    throw new RangeError(`Span must be an integer number of minutes from 1 to ${MINUTES_PER_DAY}`);
  }
  const hour = parseHour(input);
  const end = (hour * 60 + spanMinutes - 1) % MINUTES_PER_DAY;
  return `${pad2(hour)}:00-${pad2(Math.floor(end / 60))}:${pad2(end % 60)}`;
}
