import { describe, expect, it } from 'vitest';
import { randomId } from './randomId';

describe('randomId', () => {
  it('is 32 hex digits, different every time', () => {
    const ids = new Set(Array.from({ length: 1000 }, randomId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
