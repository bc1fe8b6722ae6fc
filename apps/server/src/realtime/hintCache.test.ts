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

  it('gives a document written again a second chance, and evicts it once it is no longer written', () => {
    const cache = new HintCache(1000);
    for (let index = 0; index < 10; index++) cache.remember(`players/d${index}`, hint(1, 100));
    cache.remember('players/d0', hint(2, 100)); // written again while first in line
    for (let index = 10; index < 18; index++) cache.remember(`players/d${index}`, hint(1, 100));
    // Eight documents more: d1 to d9 made room, d0 passed over once and kept with its latest state.
    expect(cache.get('players/d0')?.revision).toBe(2);
    for (let index = 1; index <= 8; index++) expect(cache.get(`players/d${index}`)).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(1000);
    // Not written since: it goes before the documents written after it.
    for (let index = 18; index < 21; index++) cache.remember(`players/d${index}`, hint(1, 100));
    expect(cache.get('players/d0')).toBeUndefined();
    for (const kept of ['players/d12', 'players/d20']) expect(cache.get(kept)).toBeDefined();
  });

  it('lets go of a document that grew larger than a quarter of its budget', () => {
    const cache = new HintCache(1000);
    cache.remember('players/a', hint(1, 100));
    cache.remember('players/b', hint(1, 100));
    cache.remember('players/a', hint(2, 300));
    expect(cache.get('players/a')).toBeUndefined();
    expect(cache.size).toBe(100);
  });
});
