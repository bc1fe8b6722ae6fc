import { describe, expect, it } from 'vitest';
import { describeTargets, targetsInputOf, targetsProblem, TARGETS_MESSAGE } from './targets';

describe('targets', () => {
  it('needs every screen, or a group or a screen', () => {
    expect(targetsProblem({ all: false, groupIds: [], screenIds: [] })).toBe(TARGETS_MESSAGE);
    expect(targetsProblem({ all: false, groupIds: ['g1'], screenIds: [] })).toBeNull();
    expect(targetsProblem({ all: true, groupIds: [], screenIds: [] })).toBeNull();
  });

  it('sends all alone when every screen is chosen, else the ids', () => {
    expect(targetsInputOf({ all: true, groupIds: ['g1'], screenIds: ['s1'] })).toEqual({ all: true });
    expect(targetsInputOf({ all: false, groupIds: ['g1'], screenIds: ['s1'] })).toEqual({
      groupIds: ['g1'],
      screenIds: ['s1'],
    });
  });

  it('reads as group names and a count of screens', () => {
    const names = new Map([['g1', 'Kitchens']]);
    expect(describeTargets({ all: false, groupIds: ['g1', 'gone'], screenIds: ['s1', 's2'] }, names)).toBe(
      'Kitchens, a removed group, 2 screens',
    );
    expect(describeTargets({ all: true, groupIds: [], screenIds: [] }, names)).toBe('Every screen');
  });
});
