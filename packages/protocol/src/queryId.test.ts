import { describe, expect, it } from 'vitest';
import { QUERY_PARAMETER_LIMIT } from './constants';
import { meetHardwareId, readIdQueryParam } from './queryId';

describe('readIdQueryParam', () => {
  it('returns a non-empty string id', () => {
    expect(readIdQueryParam('?id=abc')).toBe('abc');
    expect(readIdQueryParam('id=abc&x=1')).toBe('abc');
    expect(readIdQueryParam('?x=1&id=a%20b%2Fc')).toBe('a b/c');
    expect(readIdQueryParam('?id=0')).toBe('0');
  });

  it('returns null when the id is missing, empty, an array or an object', () => {
    expect(readIdQueryParam('')).toBeNull();
    expect(readIdQueryParam('?')).toBeNull();
    expect(readIdQueryParam('?x=1')).toBeNull();
    expect(readIdQueryParam('?id=')).toBeNull();
    expect(readIdQueryParam('?id')).toBeNull();
    expect(readIdQueryParam('?id=a&id=b')).toBeNull();
    expect(readIdQueryParam('?id[]=a')).toBeNull();
    expect(readIdQueryParam('?id[0]=a')).toBeNull();
    expect(readIdQueryParam('?id[x]=a')).toBeNull();
  });

  it('returns null for a query over the parsing limits', () => {
    const flood = Array.from({ length: QUERY_PARAMETER_LIMIT }, (_, index) => `k${index}=1`).join('&');
    expect(readIdQueryParam(`?id=abc&${flood}`)).toBeNull();
    expect(readIdQueryParam(`?id=abc&${flood.slice(flood.indexOf('&') + 1)}`)).toBe('abc');
  });
});

describe('meetHardwareId', () => {
  it('prefers a non-empty id parameter', () => {
    expect(meetHardwareId('param-id', 'stored-id')).toBe('param-id');
  });

  it('falls back to the stored deviceId, then to null', () => {
    expect(meetHardwareId(null, 'stored-id')).toBe('stored-id');
    expect(meetHardwareId('', 'stored-id')).toBe('stored-id');
    expect(meetHardwareId(undefined, 'stored-id')).toBe('stored-id');
    expect(meetHardwareId(null, null)).toBeNull();
    expect(meetHardwareId('', '')).toBeNull();
    expect(meetHardwareId(undefined, undefined)).toBeNull();
  });

  it('composes with readIdQueryParam', () => {
    expect(meetHardwareId(readIdQueryParam('?id=room-7'), 'dev-1')).toBe('room-7');
    expect(meetHardwareId(readIdQueryParam('?id='), 'dev-1')).toBe('dev-1');
    expect(meetHardwareId(readIdQueryParam('?id=a&id=b'), 'dev-1')).toBe('dev-1');
  });
});
