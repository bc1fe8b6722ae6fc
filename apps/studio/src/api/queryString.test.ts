import { describe, expect, it } from 'vitest';
import { withQuery } from './queryString';

describe('withQuery', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(
      withQuery('/screens', { q: 'front & back', tag: null, status: undefined, limit: 50, cursor: '' }),
    ).toBe('/screens?q=front+%26+back&limit=50');
    expect(withQuery('/screens', {})).toBe('/screens');
  });
});
