import { describe, expect, it } from 'vitest';
import { normaliseTags, tagsProblem } from './tags';

describe('tags', () => {
  it('reads what an operator typed as lower-case words, once each', () => {
    expect(normaliseTags([' Kitchen', 'kitchen', '', 'floor-2 '])).toEqual(['kitchen', 'floor-2']);
  });

  it('names the first tag that is no tag, and refuses more than 20', () => {
    expect(tagsProblem(['kitchen', 'two words', 'x_y'])).toMatch(/^'two words' is not a tag/);
    expect(tagsProblem(['-lead'])).toMatch(/is not a tag/);
    expect(tagsProblem(Array.from({ length: 21 }, (_, i) => `t${i}`))).toBe('At most 20 tags');
    expect(tagsProblem(['kitchen', 'floor-2'])).toBeNull();
  });
});
