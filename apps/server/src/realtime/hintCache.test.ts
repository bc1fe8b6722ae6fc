import { describe, expect, it } from 'vitest';
import { HintCache } from './hintCache';

const hint = (revision: number, size = 10) => ({ value: { revision }, revision, size });

describe('HintCache', () => {
  it('keeps the latest state of a document, never going back to an older revision', () => {
    const cache = new HintCache(1000);
    cache.remember('players/a', hint(2));
    cache.remember('players/a', hint(1));
    expect(cache.get('players/a')?.revision).toBe(2);
    cache.remember('players/a', hint(3, 20));
    expect(cache.get('players/a')?.revision).toBe(3);
    expect(cache.size).toBe(20);
  });

  it('holds nothing for a document larger than a quarter of its budget', () => {
    const cache = new HintCache(1000);
    cache.remember('players/a', hint(1, 100));
    cache.remember('players/a', hint(2, 251));
    expect(cache.get('players/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts only when over budget, least recently written first, down to 90% of the budget', () => {
    const cache = new HintCache(1000);
    for (let index = 0; index < 10; index++) cache.remember(`players/d${index}`, hint(1, 100));
    expect(cache.size).toBe(1000);
    // Written again: now the most recent.
    cache.remember('players/d0', hint(2, 100));
    cache.remember('players/d10', hint(1, 100));
    expect(cache.size).toBe(900);
    expect(cache.get('players/d1')).toBeUndefined();
    expect(cache.get('players/d2')).toBeUndefined();
    for (const kept of ['players/d0', 'players/d3', 'players/d9', 'players/d10']) {
      expect(cache.get(kept)).toBeDefined();
    }
  });
});
