// An alert threshold as the form holds it (a number and a unit) and as the API takes it (seconds, 60-172,800).

import { MAX_OFFLINE_AFTER_SECONDS, MIN_OFFLINE_AFTER_SECONDS, THRESHOLD_UNITS } from '../constants';

export type ThresholdUnit = (typeof THRESHOLD_UNITS)[number]['value'];

export interface ThresholdValue {
  amount: number | '';
  unit: ThresholdUnit;
}

const secondsPer = (unit: ThresholdUnit) => THRESHOLD_UNITS.find((choice) => choice.value === unit)!.seconds;

/** Seconds as the largest unit that holds them whole: 7200 → 2 hours, 90 → 1.5 minutes. */
export function thresholdOf(seconds: number): ThresholdValue {
  return seconds % 3600 === 0
    ? { amount: seconds / 3600, unit: 'hours' }
    : { amount: seconds / 60, unit: 'minutes' };
}

export function secondsOf(value: ThresholdValue): number | null {
  return value.amount === '' ? null : Math.round(value.amount * secondsPer(value.unit));
}

export function thresholdProblem(value: ThresholdValue): string | null {
  const seconds = secondsOf(value);
  if (seconds === null) return 'Say how long a screen may be offline before the alert';
  if (seconds < MIN_OFFLINE_AFTER_SECONDS || seconds > MAX_OFFLINE_AFTER_SECONDS)
    return 'Between 1 minute and 48 hours';
  return null;
}

/** How a threshold reads in a list: '5 min', '2 h'. */
export function describeThreshold(seconds: number): string {
  const { amount, unit } = thresholdOf(seconds);
  return `${amount} ${unit === 'hours' ? 'h' : 'min'}`;
}
