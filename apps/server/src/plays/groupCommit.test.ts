import { describe, expect, it } from 'vitest';
import { GroupCommit } from './groupCommit';

describe('GroupCommit', () => {
  it('writes what arrives together in one group, up to the most weight, in order', async () => {
    const groups: number[][] = [];
    const commit = new GroupCommit<number, string>({
      write: async (items) => {
        groups.push(items);
        return items.map((item) => `done ${item}`);
      },
      weight: (item) => item,
      maxWeight: 10,
    });
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((item) => commit.submit(item)));
    expect(results).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5', 'done 6']);
    expect(groups).toEqual([[1, 2, 3, 4], [5], [6]]);
    expect(await commit.submit(7)).toBe('done 7');
    expect(groups.at(-1)).toEqual([7]);
  });

  it('fails only the item that fails: the group is written again item by item', async () => {
    const commit = new GroupCommit<string, string>({
      write: async (items) => {
        if (items.includes('bad')) throw new Error('no bad items');
        return items;
      },
      weight: () => 1,
      maxWeight: 100,
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((item) => commit.submit(item)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
