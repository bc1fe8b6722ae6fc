import { describe, expect, it } from 'vitest';
import { ContentInputSchema } from './content';

describe('ContentInputSchema', () => {
  it('reads a single URL or media id as a one-item list', () => {
    expect(ContentInputSchema.parse('https://example.com')).toEqual([{ src: 'https://example.com' }]);
    expect(ContentInputSchema.parse([])).toEqual([]);
  });

  it('names the item at fault', () => {
    const result = ContentInputSchema.safeParse([{ src: 'https://a.example' }, { src: 'x', durationMs: -1 }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([1, 'durationMs']);
  });

  it('refuses a src over the URL bound and an unknown member', () => {
    expect(ContentInputSchema.safeParse('x'.repeat(2049)).success).toBe(false);
    expect(ContentInputSchema.safeParse([{ src: 'https://a.example', extra: 1 }]).success).toBe(false);
  });
});
