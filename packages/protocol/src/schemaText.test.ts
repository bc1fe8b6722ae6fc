import { describe, expect, it } from 'vitest';
import { TimestampMsSchema, URL_MAX_LENGTH, boundedString, httpUrl, nonEmptyString } from './schemaText';

describe('bounded string schemas', () => {
  it('boundedString accepts up to the bound, empty included', () => {
    expect(boundedString(3).safeParse('').success).toBe(true);
    expect(boundedString(3).safeParse('abc').success).toBe(true);
    expect(boundedString(3).safeParse('abcd').success).toBe(false);
    expect(boundedString(3).safeParse(3).success).toBe(false);
  });

  it('nonEmptyString rejects the empty string', () => {
    expect(nonEmptyString(3).safeParse('').success).toBe(false);
    expect(nonEmptyString(3).safeParse('a').success).toBe(true);
    expect(nonEmptyString(3).safeParse('abcd').success).toBe(false);
  });

  it('httpUrl accepts absolute http(s) URLs up to the bound only', () => {
    expect(httpUrl().safeParse('https://example.com/a?b=c').success).toBe(true);
    expect(httpUrl().safeParse('http://127.0.0.1:8080/content/pair').success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://example.com', '/relative', 'example.com', '']) {
      expect(httpUrl().safeParse(bad).success).toBe(false);
    }
    const base = 'https://example.com/';
    expect(httpUrl().safeParse(base + 'a'.repeat(URL_MAX_LENGTH - base.length)).success).toBe(true);
    expect(httpUrl().safeParse(base + 'a'.repeat(URL_MAX_LENGTH - base.length + 1)).success).toBe(false);
  });

  it('TimestampMsSchema takes non-negative integers', () => {
    expect(TimestampMsSchema.safeParse(0).success).toBe(true);
    expect(TimestampMsSchema.safeParse(1_700_000_000_000).success).toBe(true);
    expect(TimestampMsSchema.safeParse(-1).success).toBe(false);
    expect(TimestampMsSchema.safeParse(1.5).success).toBe(false);
    expect(TimestampMsSchema.safeParse('1').success).toBe(false);
  });
});
