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

  it('with maxInFlight, holds the calls of later turns until a batch ends, then runs them together', async () => {
    const batches: number[][] = [];
    const gates: (() => void)[] = [];
    const slow = batchedByTurn(
      async (items: number[]) => {
        batches.push(items);
        await new Promise<void>((resolve) => gates.push(resolve));
        return items;
      },
      { maxInFlight: 1 },
    );
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const answers = [slow(1)];
    await nextTurn();
    // The first batch runs; three more turns bring a call each.
    for (const item of [2, 3, 4]) {
      answers.push(slow(item));
      await nextTurn();
    }
    expect(batches).toEqual([[1]]);
    gates.shift()!();
    await expect.poll(() => batches).toEqual([[1], [2, 3, 4]]);
    gates.shift()!();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4]);
    // Unbounded (the default), each of those turns would have had a batch of its own.
    const each = batchedByTurn(async (items: number[]) => {
      batches.push(items);
      await nextTurn();
      return items;
    });
    batches.length = 0;
    const unbounded = [each(1)];
    for (const item of [2, 3, 4]) {
      await nextTurn();
      unbounded.push(each(item));
    }
    await Promise.all(unbounded);
    expect(batches).toEqual([[1], [2], [3], [4]]);
  });
});
