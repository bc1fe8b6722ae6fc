import { describe, expect, it } from 'vitest';
import { fitFontSize, fontBounds } from './fitText';

describe('fitFontSize', () => {
  it('finds the largest size that fits', () => {
    expect(fitFontSize((size) => size <= 73, 10, 200)).toBe(73);
    expect(fitFontSize(() => true, 10, 200)).toBe(200);
  });

  it('falls back to the smallest size when nothing fits', () => {
    expect(fitFontSize(() => false, 12, 200)).toBe(12);
  });

  it('tries few sizes (a binary search, not a walk)', () => {
    let tries = 0;
    fitFontSize(
      (size) => {
        tries++;
        return size < 150;
      },
      12,
      400,
    );
    expect(tries).toBeLessThanOrEqual(9);
  });
});

describe('fontBounds', () => {
  it('follows the shorter side, so portrait and landscape read alike', () => {
    expect(fontBounds(1920, 1080)).toEqual(fontBounds(1080, 1920));
    expect(fontBounds(1920, 1080)).toEqual({ min: 32, max: 238 });
  });
});
