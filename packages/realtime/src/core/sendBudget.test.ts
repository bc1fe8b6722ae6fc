import { describe, expect, it } from 'vitest';
import { SendBudget } from './sendBudget';

describe('SendBudget', () => {
  it('lets a full burst through, then refills at the rate', () => {
    let now = 0;
    const budget = new SendBudget(() => now, 4, 2);
    expect([budget.take(), budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(budget.msUntilNext()).toBe(500);
    now = 499;
    expect(budget.take()).toBe(false);
    now = 500;
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
  });

  it('never holds more than its capacity, and starts full again on reset', () => {
    let now = 0;
    const budget = new SendBudget(() => now, 2, 10);
    budget.take();
    budget.take();
    now = 60_000;
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
    budget.reset();
    expect(budget.msUntilNext()).toBe(0);
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
  });

  it('ignores a clock that steps back', () => {
    let now = 1000;
    const budget = new SendBudget(() => now, 1, 1);
    budget.take();
    now = 0;
    expect(budget.take()).toBe(false);
    now = 1000;
    expect(budget.take()).toBe(true);
  });
});
