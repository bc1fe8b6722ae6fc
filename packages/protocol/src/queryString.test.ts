import { describe, expect, it } from 'vitest';
import { QUERY_ARRAY_LIMIT, QUERY_DEPTH_LIMIT, QUERY_PARAMETER_LIMIT } from './constants';
import { QueryLimitError, parseQueryString } from './queryString';

function params(count: number): string {
  return Array.from({ length: count }, (_, index) => `k${index}=${index}`).join('&');
}

function nestedKey(depth: number): string {
  return 'a' + Array.from({ length: depth }, (_, index) => `[b${index}]`).join('') + '=x';
}

function limitError(search: string): QueryLimitError {
  try {
    parseQueryString(search);
  } catch (error) {
    if (error instanceof QueryLimitError) return error;
    throw error;
  }
  throw new Error('expected a QueryLimitError');
}

describe('parseQueryString', () => {
  it('parses with or without the leading question mark', () => {
    expect(parseQueryString('?id=abc&x=1')).toEqual({ id: 'abc', x: '1' });
    expect(parseQueryString('id=abc')).toEqual({ id: 'abc' });
    expect(parseQueryString('')).toEqual({});
    expect(parseQueryString('?a[b]=c&list[]=1&list[]=2')).toEqual({ a: { b: 'c' }, list: ['1', '2'] });
  });

  it(`accepts ${QUERY_PARAMETER_LIMIT} parameters and rejects ${QUERY_PARAMETER_LIMIT + 1}`, () => {
    expect(Object.keys(parseQueryString(params(QUERY_PARAMETER_LIMIT)))).toHaveLength(QUERY_PARAMETER_LIMIT);
    const error = limitError(params(QUERY_PARAMETER_LIMIT + 1));
    expect(error.limit).toBe('parameters');
    expect(error.message).toBe('Query string rejected: more than 1000 parameters');
    expect(error.name).toBe('QueryLimitError');
  });

  // Array index 20 is the highest accepted (qs's classic "maximum index of 20"); 21 elements at most.
  it(`accepts array index ${QUERY_ARRAY_LIMIT} and rejects index ${QUERY_ARRAY_LIMIT + 1}`, () => {
    expect(parseQueryString(`a[${QUERY_ARRAY_LIMIT}]=x`)).toEqual({ a: ['x'] });
    expect(parseQueryString(`a[0]=x&a[${QUERY_ARRAY_LIMIT}]=y`)).toEqual({ a: ['x', 'y'] });
    const brackets = (count: number) => Array.from({ length: count }, (_, index) => `a[]=${index}`).join('&');
    const repeated = (count: number) => Array.from({ length: count }, (_, index) => `a=${index}`).join('&');
    expect(parseQueryString(brackets(QUERY_ARRAY_LIMIT + 1)).a).toHaveLength(QUERY_ARRAY_LIMIT + 1);
    expect(parseQueryString(repeated(QUERY_ARRAY_LIMIT + 1)).a).toHaveLength(QUERY_ARRAY_LIMIT + 1);

    for (const search of [
      `a[${QUERY_ARRAY_LIMIT + 1}]=x`,
      `a[999999999]=x`,
      brackets(QUERY_ARRAY_LIMIT + 2),
      repeated(QUERY_ARRAY_LIMIT + 2),
    ]) {
      const error = limitError(search);
      expect(error.limit).toBe('array');
      expect(error.message).toBe('Query string rejected: an array index above 20 (or more than 21 elements)');
    }
  });

  it(`accepts depth ${QUERY_DEPTH_LIMIT} and rejects depth ${QUERY_DEPTH_LIMIT + 1}`, () => {
    expect(parseQueryString(nestedKey(QUERY_DEPTH_LIMIT))).toEqual({
      a: { b0: { b1: { b2: { b3: { b4: 'x' } } } } },
    });
    const error = limitError(nestedKey(QUERY_DEPTH_LIMIT + 1));
    expect(error.limit).toBe('depth');
    expect(error.message).toBe('Query string rejected: nested deeper than 5 levels');
    expect(error.cause).toBeInstanceOf(RangeError);
  });

  it('drops keys that would reach Object.prototype', () => {
    const parsed = parseQueryString(
      '?__proto__[polluted]=1&constructor[prototype][x]=1&hasOwnProperty=1&ok=1',
    );
    expect(parsed).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });
});
