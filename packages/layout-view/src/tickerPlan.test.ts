import { describe, expect, it } from 'vitest';
import { tickerPlan } from './tickerPlan';

describe('tickerPlan', () => {
  it('moves one copy width per loop at the asked speed', () => {
    const plan = tickerPlan(1920, 600, 120, 'left');
    expect(plan?.durationMs).toBe(5000);
    expect(plan?.keyframes).toEqual([{ transform: 'translateX(0px)' }, { transform: 'translateX(-600px)' }]);
  });

  it('repeats the text to cover the zone and one copy more, so no gap ever shows', () => {
    const plan = tickerPlan(1920, 600, 120, 'left');
    expect((plan?.copies ?? 0) * 600).toBeGreaterThanOrEqual(1920 + 600);
    expect(tickerPlan(100, 600, 120, 'left')?.copies).toBe(2);
  });

  it('moving right runs the same loop backwards', () => {
    expect(tickerPlan(1920, 600, 120, 'right')?.keyframes).toEqual([
      { transform: 'translateX(-600px)' },
      { transform: 'translateX(0px)' },
    ]);
  });

  it('has nothing to run before the text is measured', () => {
    expect(tickerPlan(1920, 0, 120, 'left')).toBeNull();
  });
});
