// The calls of one turn as one statement (or one read), in bounded chunks, and a refused item failing alone.
// On a real PostgreSQL: armedRows.test.ts and batchedRead.test.ts.

import { describe, expect, it } from 'vitest';
import { readPerTurn, statementPerTurn } from './postgresTurnBatch';
import { MAX_TURN_BATCH } from './sqliteTurnBatch';

describe('statementPerTurn', () => {
  it(`writes the calls of one turn together, ${MAX_TURN_BATCH} per statement, and later calls at a later turn`, async () => {
    const statements: number[][] = [];
    const write = statementPerTurn(async (items: readonly number[]) => {
      statements.push([...items]);
    });
    const count = MAX_TURN_BATCH + 2;
    await Promise.all(Array.from({ length: count }, (_, index) => write(index)));
    await write(count);
    expect(statements.map((items) => items.length)).toEqual([MAX_TURN_BATCH, 2, 1]);
    expect(statements.flat()).toEqual(Array.from({ length: count + 1 }, (_, index) => index));
  });

  it('writes the items of a refused statement one by one, so only the bad one fails', async () => {
    const written: string[] = [];
    const write = statementPerTurn(async (items: readonly string[]) => {
      if (items.includes('bad')) throw new Error(`refused: ${items.join(',')}`);
      written.push(...items);
    });
    const answers = await Promise.allSettled([write('a'), write('bad'), write('c')]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((answers[1] as PromiseRejectedResult).reason).toEqual(new Error('refused: bad'));
    expect(written.sort()).toEqual(['a', 'c']);
  });
});

describe('readPerTurn', () => {
  it('reads the distinct keys of one turn together and answers each call with its rows', async () => {
    const reads: string[][] = [];
    const stored = [
      { key: 'a', n: 1 },
      { key: 'b', n: 2 },
      { key: 'a', n: 3 },
    ];
    const read = readPerTurn(
      async (keys: readonly string[]) => {
        reads.push([...keys]);
        return stored.filter((row) => keys.includes(row.key));
      },
      (row) => row.key,
    );
    const answers = await Promise.all([read('a'), read('b'), read('none'), read('a')]);
    expect(reads).toEqual([['a', 'b', 'none']]);
    expect(answers).toEqual([[stored[0], stored[2]], [stored[1]], [], [stored[0], stored[2]]]);
    expect(answers[0]).not.toBe(answers[3]);
  });

  it(`reads at most ${MAX_TURN_BATCH} keys per query, and rejects the turn's calls when a query fails`, async () => {
    const sizes: number[] = [];
    let fail = false;
    const read = readPerTurn(
      async (keys: readonly string[]) => {
        if (fail) throw new Error('connection lost');
        sizes.push(keys.length);
        return keys.map((key) => ({ key }));
      },
      (row) => row.key,
    );
    const keys = Array.from({ length: MAX_TURN_BATCH + 1 }, (_, index) => `k${index}`);
    expect(await Promise.all(keys.map((key) => read(key)))).toEqual(keys.map((key) => [{ key }]));
    expect(sizes).toEqual([MAX_TURN_BATCH, 1]);
    fail = true;
    const failed = await Promise.allSettled([read('x'), read('y')]);
    expect(failed.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('a statement of each kind at most every few milliseconds', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('gathers the calls of consecutive turns into fewer statements than turns, reads and writes alike', async () => {
    const statements: number[][] = [];
    const write = statementPerTurn(async (items: readonly number[]) => {
      statements.push([...items]);
    });
    const reads: string[][] = [];
    const read = readPerTurn(
      async (keys: readonly string[]) => {
        reads.push([...keys]);
        return keys.map((key) => ({ key }));
      },
      (row) => row.key,
    );
    const calls: Promise<unknown>[] = [];
    for (let turn = 0; turn < 10; turn++) {
      calls.push(write(turn), read(`k${turn}`));
      await nextTurn();
    }
    await Promise.all(calls);
    // One a turn without the spacing (the first goes at once): 10 each.
    expect(statements.length).toBeLessThan(10);
    expect(reads.length).toBeLessThan(10);
    expect(statements.flat()).toEqual(Array.from({ length: 10 }, (_, index) => index));
    expect(reads.flat()).toEqual(Array.from({ length: 10 }, (_, index) => `k${index}`));
  });
});
