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

  it('sends the calls made while a batch is in flight together once it is done, over however many turns', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const square = batchedByTurn(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await held;
      return items.map((item) => item * item);
    });
    const first = square(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    // Three more turns of calls while the first batch is in flight: none of them is sent yet.
    const later: Promise<number>[] = [];
    for (const item of [2, 3, 4]) {
      later.push(square(item));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual([4, 9, 16]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    // Idle again: the next call goes on the next turn, alone.
    expect(await square(5)).toBe(25);
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('goes on with the calls made meanwhile after a batch failed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const length = batchedByTurn(async (items: string[]) => {
      if (++calls === 1) {
        await held;
        throw new Error('connection lost');
      }
      return items.map((item) => item.length);
    });
    const failing = length('a');
    await new Promise((resolve) => setImmediate(resolve));
    const waiting = length('bcd');
    release();
    await expect(failing).rejects.toThrow('connection lost');
    await expect(waiting).resolves.toBe(3);
  });
});
