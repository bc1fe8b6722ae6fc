import { describe, expect, it } from 'vitest';
import { moveRect, nudgeRect, rectProblems, resizeRect, type Rect } from './geometry';

const options = { grid: 2.5, threshold: 1.5, minSize: 5 };
const zone: Rect = { x: 10, y: 10, width: 30, height: 20 };

describe('moveRect', () => {
  it('snaps to the grid when no edge is near', () => {
    expect(moveRect(zone, 13.2, 6.1, [], options)).toEqual({ x: 22.5, y: 15, width: 30, height: 20 });
  });

  it("sticks its left or right side to another zone's edge", () => {
    const sidebar: Rect = { x: 70, y: 0, width: 30, height: 100 };
    // The right side comes within 1 of the sidebar's left edge (70): the zone ends there.
    expect(moveRect(zone, 31, 0, [sidebar], options).x).toBe(40);
    // The left side comes within 1.2 of 70.
    expect(moveRect({ ...zone, width: 10 }, 61.2, 0, [sidebar], options).x).toBe(70);
  });

  it("sticks to the screen's edges and is clamped inside it", () => {
    expect(moveRect(zone, -9, 0, [], options).x).toBe(0);
    expect(moveRect(zone, 500, 500, [], options)).toEqual({ x: 70, y: 80, width: 30, height: 20 });
    expect(moveRect(zone, -500, -500, [], options)).toEqual({ x: 0, y: 0, width: 30, height: 20 });
  });
});

describe('resizeRect', () => {
  it('moves only the sides of its handle, snapped to the grid', () => {
    expect(resizeRect(zone, 'se', 9.1, 4.2, [], options)).toEqual({ x: 10, y: 10, width: 40, height: 25 });
    expect(resizeRect(zone, 'w', -3.9, 99, [], options)).toEqual({ x: 5, y: 10, width: 35, height: 20 });
    expect(resizeRect(zone, 'n', 0, 3.2, [], options)).toEqual({ x: 10, y: 12.5, width: 30, height: 17.5 });
  });

  it("sticks a side to another zone's edge", () => {
    const ticker: Rect = { x: 0, y: 88, width: 100, height: 12 };
    expect(resizeRect(zone, 's', 0, 57, [ticker], options).height).toBe(78);
  });

  it('keeps the zone inside the screen and no smaller than the minimum', () => {
    expect(resizeRect(zone, 'se', 200, 200, [], options)).toEqual({ x: 10, y: 10, width: 90, height: 90 });
    expect(resizeRect(zone, 'nw', -200, -200, [], options)).toEqual({ x: 0, y: 0, width: 40, height: 30 });
    expect(resizeRect(zone, 'e', -100, 0, [], options).width).toBe(5);
  });
});

describe('nudgeRect', () => {
  it('moves by the exact step and stops at the screen edge', () => {
    expect(nudgeRect(zone, 1, -1)).toEqual({ x: 11, y: 9, width: 30, height: 20 });
    expect(nudgeRect({ ...zone, x: 69.5 }, 1, 0).x).toBe(70);
  });
});

describe('rectProblems', () => {
  it('names the field that leaves the screen', () => {
    expect(rectProblems(zone)).toEqual({});
    expect(rectProblems({ ...zone, x: 80 })).toEqual({
      width: 'Outside the screen: x + width is more than 100',
    });
    expect(rectProblems({ ...zone, y: -1 }).y).toBe('A percent from 0 to 100');
    expect(rectProblems({ ...zone, height: 0 }).height).toBe('A percent above 0, at most 100');
  });
});
