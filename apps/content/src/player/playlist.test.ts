import { describe, expect, it } from 'vitest';
import { firstPlayable, nextPlayable } from './playlist';

describe('nextPlayable', () => {
  it('walks the items in order and wraps around', () => {
    expect(nextPlayable(3, 0, new Set())).toBe(1);
    expect(nextPlayable(3, 2, new Set())).toBe(0);
  });

  it('skips failed items', () => {
    expect(nextPlayable(3, 0, new Set([1]))).toBe(2);
    expect(nextPlayable(3, 2, new Set([0, 1]))).toBe(2);
  });

  it('stays on a single item', () => {
    expect(nextPlayable(1, 0, new Set())).toBe(0);
  });

  it('gives null when every item failed or there is none', () => {
    expect(nextPlayable(2, 0, new Set([0, 1]))).toBeNull();
    expect(firstPlayable(0, new Set())).toBeNull();
    expect(firstPlayable(2, new Set([0]))).toBe(1);
    expect(firstPlayable(2, new Set())).toBe(0);
  });
});
