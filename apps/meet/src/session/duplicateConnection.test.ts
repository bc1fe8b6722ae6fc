import { describe, expect, it } from 'vitest';
import { watchConnectionId } from './duplicateConnection';

describe('watchConnectionId', () => {
  it('ignores a stale id from before its own one arrived', () => {
    const watch = watchConnectionId('own');
    expect(watch.check('previous-load')).toBe(false);
    expect(watch.check(null)).toBe(false);
    expect(watch.check('own')).toBe(false);
  });

  it('reports another id once its own was seen, but not a cleared one', () => {
    const watch = watchConnectionId('own');
    watch.check('own');
    expect(watch.check(null)).toBe(false);
    expect(watch.check('')).toBe(false);
    expect(watch.check('other')).toBe(true);
    expect(watch.check('own')).toBe(false);
  });
});
