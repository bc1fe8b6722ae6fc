import { describe, expect, it } from 'vitest';
import { describeThreshold, secondsOf, thresholdOf, thresholdProblem } from './threshold';

describe('alert thresholds', () => {
  it('reads seconds in the largest whole unit and back', () => {
    expect(thresholdOf(7200)).toEqual({ amount: 2, unit: 'hours' });
    expect(thresholdOf(90)).toEqual({ amount: 1.5, unit: 'minutes' });
    expect(secondsOf({ amount: 1.5, unit: 'minutes' })).toBe(90);
    expect(describeThreshold(300)).toBe('5 min');
  });

  it('refuses what the API would: under a minute, over 48 hours, nothing', () => {
    expect(thresholdProblem({ amount: 0.5, unit: 'minutes' })).toBe('Between 1 minute and 48 hours');
    expect(thresholdProblem({ amount: 49, unit: 'hours' })).toBe('Between 1 minute and 48 hours');
    expect(thresholdProblem({ amount: 48, unit: 'hours' })).toBeNull();
    expect(thresholdProblem({ amount: '', unit: 'minutes' })).not.toBeNull();
  });
});
