import { describe, expect, it } from 'vitest';
import { nextTurn } from './eventLoop';
import { SlicedQueue } from './slicedQueue';

describe('SlicedQueue', () => {
  it('handles a slice per turn of the event loop, in the order queued, with other work between slices', async () => {
    const handled: number[] = [];
    const queue = new SlicedQueue<number>((item) => handled.push(item), 4);
    for (let item = 0; item < 10; item++) queue.push(item);
    expect(handled).toEqual([]);
    expect(queue.size).toBe(10);

    // Timers and I/O get their turn between slices: an immediate queued now runs after the first slice only.
    const seenBetween: number[] = [];
    setImmediate(() => seenBetween.push(handled.length));
    await nextTurn();
    expect(handled).toEqual([0, 1, 2, 3]);
    expect(seenBetween).toEqual([4]);
    await nextTurn();
    expect(handled).toHaveLength(8);
    queue.push(10);
    await nextTurn();
    expect(handled).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(queue.size).toBe(0);
  });

  it('flush handles everything queued at once, and nothing is handled twice afterwards', async () => {
    const handled: string[] = [];
    const queue = new SlicedQueue<string>((item) => handled.push(item), 2);
    for (const item of ['a', 'b', 'c', 'd', 'e']) queue.push(item);
    queue.flush();
    expect(handled).toEqual(['a', 'b', 'c', 'd', 'e']);
    await nextTurn();
    await nextTurn();
    expect(handled).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
