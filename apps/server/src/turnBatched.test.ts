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

  describe('gathering (gatherMs)', () => {
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    function recording<T>(gatherMs: number, hold?: Promise<void>) {
      const batches: { items: T[]; at: number }[] = [];
      const echo = batchedByTurn(
        async (items: T[]) => {
          batches.push({ items, at: performance.now() });
          if (batches.length === 1 && hold !== undefined) await hold;
          return items;
        },
        { gatherMs },
      );
      return { batches, echo };
    }

    it('sends a call after a quiet spell at the next turn, and gathers what comes within gatherMs after it', async () => {
      const { batches, echo } = recording<number>(1000);
      const calls = [echo(1)];
      await nextTurn();
      expect(batches.map((batch) => batch.items)).toEqual([[1]]);
      for (const item of [2, 3, 4]) {
        calls.push(echo(item));
        await nextTurn();
      }
      expect(batches).toHaveLength(1);
      expect(await Promise.all(calls)).toEqual([1, 2, 3, 4]);
      expect(batches.map((batch) => batch.items)).toEqual([[1], [2, 3, 4]]);
      // Less a millisecond: a timer's granularity.
      expect((batches[1]?.at ?? 0) - (batches[0]?.at ?? 0)).toBeGreaterThanOrEqual(998);
      // Quiet for longer than gatherMs: the next call goes at once again.
      await sleep(1050);
      const quiet = performance.now();
      expect(await echo(5)).toBe(5);
      expect((batches[2]?.at ?? Infinity) - quiet).toBeLessThan(500);
    });

    it('sends the calls made while a batch was in flight for longer than gatherMs once it is done, without waiting more', async () => {
      let release!: () => void;
      const hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      const { batches, echo } = recording<number>(1000, hold);
      const first = echo(1);
      await nextTurn();
      const later = [echo(2), echo(3)];
      await sleep(1050);
      expect(batches).toHaveLength(1);
      const released = performance.now();
      release();
      expect(await first).toBe(1);
      expect(await Promise.all(later)).toEqual([2, 3]);
      expect(batches.map((batch) => batch.items)).toEqual([[1], [2, 3]]);
      expect((batches[1]?.at ?? Infinity) - released).toBeLessThan(500);
    });

    it('sends at most one batch per gatherMs while calls keep coming every turn', async () => {
      const { batches, echo } = recording<number>(20);
      const calls: Promise<number>[] = [];
      const end = performance.now() + 200;
      for (let item = 0; performance.now() < end; item++) {
        calls.push(echo(item));
        await nextTurn();
      }
      const answered = await Promise.all(calls);
      expect(answered).toEqual(calls.map((_, index) => index));
      expect(batches.flatMap((batch) => batch.items)).toEqual(answered);
      expect(batches.length).toBeGreaterThanOrEqual(2);
      expect(batches.length).toBeLessThanOrEqual(12);
      for (let index = 1; index < batches.length; index++) {
        expect((batches[index]?.at ?? 0) - (batches[index - 1]?.at ?? 0)).toBeGreaterThanOrEqual(18);
      }
    });
  });
});
