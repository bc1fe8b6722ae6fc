import { describe, expect, it } from 'vitest';
import { addToSample, percentile, seededRandom } from './stats';

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, k) => 100 - k); // 100 … 1, unsorted
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile([7], 1)).toBe(7);
  });

  it('is NaN without samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('seededRandom', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const drawn = Array.from({ length: 1000 }, () => a());
    expect(drawn).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(drawn.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(drawn).size).toBeGreaterThan(990);
  });
});

describe('addToSample', () => {
  it('keeps every value up to the size, then at most the size, each value as likely as another', () => {
    const sample: number[] = [];
    for (let seen = 1; seen <= 3; seen++) addToSample(sample, 4, seen, seen);
    expect(sample).toEqual([1, 2, 3]);
    const counts = new Array<number>(100).fill(0);
    for (let run = 0; run < 2000; run++) {
      const kept: number[] = [];
      for (let seen = 1; seen <= 100; seen++) addToSample(kept, 10, seen, seen - 1);
      expect(kept).toHaveLength(10);
      for (const value of kept) counts[value]!++;
    }
    // Each of the 100 values is kept in about 10 % of the runs (200 of 2,000): the last ones no more than the first.
    expect(Math.min(...counts)).toBeGreaterThan(120);
    expect(Math.max(...counts)).toBeLessThan(290);
  });
});
