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

  it("takes an app item's http(s) src and JSON object config, and names what is wrong", () => {
    const app = { type: 'app', src: 'https://apps.example.com/', config: { greeting: 'Hi', list: [1] } };
    expect(ContentInputSchema.parse([app])).toEqual([app]);
    const pathOf = (item: object) => ContentInputSchema.safeParse([item]).error?.issues[0]?.path;
    expect(pathOf({ ...app, src: 'ftp://apps.example.com/' })).toEqual([0, 'src']);
    expect(pathOf({ ...app, config: [1] })).toEqual([0, 'config']);
    expect(pathOf({ ...app, config: 'text' })).toEqual([0, 'config']);
    expect(pathOf({ type: 'url', src: 'https://example.com', config: {} })).toEqual([0, 'config']);
  });
});
