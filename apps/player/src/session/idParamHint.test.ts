import { describe, expect, it } from 'vitest';
import { readIdQueryParam } from '@marquee/protocol';
import { mayNameIdParam } from './idParamHint';

describe('mayNameIdParam', () => {
  it('is false only where the parser finds no id', () => {
    for (const search of ['', '?', '?platform=chromeos', '?a=1&b=2', '?x=id', '?%E0%A4%A=1&q=2']) {
      expect(mayNameIdParam(search), search).toBe(false);
      expect(readIdQueryParam(search), search).toBeNull();
    }
  });

  it('is true wherever the parser could find an id', () => {
    for (const search of [
      '?id=abc',
      '?a=1&id=abc',
      '?%69d=abc',
      '?[id]=abc',
      '?i%64=abc',
      '?ID=abc',
      '?id[]=a',
    ]) {
      expect(mayNameIdParam(search), search).toBe(true);
    }
    expect(readIdQueryParam('?%69d=abc')).toBe('abc');
    expect(readIdQueryParam('?[id]=abc')).toBe('abc');
  });
});
