import { describe, expect, it } from 'vitest';
import { storedForm } from './storedForm';

describe('storedForm', () => {
  it('turns restored arrays back into index-keyed objects, as the hub stores them', () => {
    expect(storedForm({ items: ['a', null, 'c'] }, ['players', 'p', 'app'])).toEqual({
      items: { '0': 'a', '2': 'c' },
    });
  });

  it('reads undefined as null and keeps anything it cannot normalise as it came', () => {
    expect(storedForm(undefined, [])).toBeNull();
    const odd = { 'a.b': 1 };
    expect(storedForm(odd, [])).toBe(odd);
  });
});
