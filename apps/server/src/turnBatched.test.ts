import { describe, expect, it } from 'vitest';
import { batchedByTurn } from './turnBatched';

describe('batchedByTurn', () => {
  it('answers the calls of one turn together, each with its own result', async () => {
    const batches: number[][] = [];
    const double = batchedByTurn(async (items: number[]) => {
      batches.push(items);
      return items.map((item) => item * 2);
    });
    const first = await Promise.all([double(1), double(2), double(3)]);
    const later = await double(4);
    expect(first).toEqual([2, 4, 6]);
    expect(later).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('rejects every call of a batch that failed, and goes on with the next', async () => {
    let fail = true;
    const check = batchedByTurn(async (items: string[]) => {
      if (fail) throw new Error('database closed');
      return items.map((item) => item.length);
    });
    const failed = await Promise.allSettled([check('a'), check('bb')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason).toEqual(new Error('database closed'));
    fail = false;
    await expect(check('ccc')).resolves.toBe(3);
  });
});
