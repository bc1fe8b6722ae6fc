import { describe, expect, it } from 'vitest';
import { hasOwn } from './hasOwn';

describe('hasOwn', () => {
  it('sees own properties only', () => {
    expect(hasOwn({ a: 1 }, 'a')).toBe(true);
    expect(hasOwn({ a: undefined }, 'a')).toBe(true);
    expect(hasOwn({}, 'toString')).toBe(false);
    expect(hasOwn({}, '__proto__')).toBe(false);
    expect(hasOwn(Object.create(null) as object, 'a')).toBe(false);
  });
});
