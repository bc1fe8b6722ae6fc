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

describe('batchedByTurn with spacing', () => {
  /** A clock and a timer queue run by hand. */
  function manualTime() {
    let time = 0;
    const timers: { at: number; task: () => void }[] = [];
    return {
      now: () => time,
      later: (ms: number, task: () => void) => void timers.push({ at: time + Math.max(ms, 0), task }),
      /** Advances to `to`, running every timer due by then (in order of its time). */
      async advance(to: number) {
        for (;;) {
          timers.sort((a, b) => a.at - b.at);
          const next = timers[0];
          if (next === undefined || next.at > to) break;
          timers.shift();
          time = next.at;
          next.task();
          await new Promise((resolve) => setImmediate(resolve));
        }
        time = to;
      },
      waitsFor: () => timers.map((timer) => timer.at - time),
    };
  }

  it('sends a call after a quiet moment at the next turn, and spaces the batches of a steady stream', async () => {
    const time = manualTime();
    const batches: number[][] = [];
    const read = batchedByTurn(
      async (items: number[]) => {
        batches.push(items);
        return items;
      },
      { spacingMs: 10, now: time.now, later: time.later },
    );
    // A single call: due at once (the next turn).
    const answered: number[] = [];
    void read(0).then((item) => answered.push(item));
    expect(time.waitsFor()).toEqual([0]);
    await time.advance(0);
    expect(batches).toEqual([[0]]);
    // One call a millisecond: each batch starts 10 ms after the previous one and takes the calls made meanwhile.
    for (let at = 1; at <= 25; at++) {
      await time.advance(at);
      void read(at).then((item) => answered.push(item));
    }
    await time.advance(40);
    expect(batches).toEqual([
      [0],
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
      [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
      [20, 21, 22, 23, 24, 25],
    ]);
    expect(answered).toEqual(Array.from({ length: 26 }, (_, index) => index));
    // Quiet for longer than the spacing: the next call goes at the next turn again.
    void read(99);
    expect(time.waitsFor()).toEqual([0]);
  });
});
