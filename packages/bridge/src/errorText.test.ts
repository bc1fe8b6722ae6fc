import { describe, expect, it } from 'vitest';
import { errorText } from './errorText';

describe('errorText', () => {
  it("uses an error's message", () => {
    expect(errorText(new Error('boom'))).toBe('boom');
    expect(errorText(new TypeError(''))).toBe('');
    expect(errorText({ message: 'plain object' })).toBe('plain object');
  });

  it('falls back to String(error)', () => {
    expect(errorText('text')).toBe('text');
    expect(errorText(42)).toBe('42');
    expect(errorText(undefined)).toBe('undefined');
    expect(errorText({ message: 5 })).toBe('[object Object]');
    expect(errorText(Symbol('s'))).toBe('Symbol(s)');
  });

  it('does not throw for a value String() cannot convert', () => {
    expect(errorText(Object.create(null))).toBe('[object Object]');
  });
});
