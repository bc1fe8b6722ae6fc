import { describe, expect, it } from 'vitest';
import { overrideReason, scheduleReason } from './segmentReason';

describe('segment reasons', () => {
  it('lists three or more tied schedules with commas and a final "and"', () => {
    expect(scheduleReason(['Breakfast', 'Promo', 'News'], 20, null)).toBe(
      "'Breakfast', 'Promo' and 'News' share priority 20 and play one after another",
    );
  });

  it('names the strongest loser beside a single winner or a tie', () => {
    expect(scheduleReason(['Breakfast'], 20, { name: 'Lunch', priority: 10 })).toBe(
      "Priority 20 beats 'Lunch' (10)",
    );
    expect(scheduleReason(['A', 'B'], 5, { name: 'C', priority: 0 })).toBe(
      "'A' and 'B' share priority 5 and play one after another; priority 5 beats 'C' (0)",
    );
  });

  it('says an override beats the schedules, or counts the overrides it outlasts', () => {
    expect(overrideReason('Fire', 1)).toBe("Emergency override 'Fire' beats every schedule");
    expect(overrideReason('Fire', 3)).toBe("Emergency override 'Fire' is the latest of 3 active overrides");
  });
});
