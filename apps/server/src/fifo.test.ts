import { describe, expect, it } from 'vitest';
import { Fifo } from './fifo';

describe('Fifo', () => {
  it('gives items back oldest first, across compactions', () => {
    const fifo = new Fifo<number>();
    for (let n = 0; n < 5000; n++) fifo.push(n);
    const taken: number[] = [];
    // Take a little and push a little, so the head moves far past the compaction point while items remain.
    for (let round = 0; round < 2000; round++) {
      taken.push(...fifo.take(2));
      fifo.push(5000 + round);
    }
    expect(fifo.size).toBe(3000);
    expect(fifo.at(0)).toBe(4000);
    expect(fifo.at(1)).toBe(4001);
    expect(fifo.at(fifo.size)).toBeUndefined();
    taken.push(...fifo.take(Infinity));
    expect(taken).toEqual(Array.from({ length: 7000 }, (_, n) => n));
    expect(fifo.size).toBe(0);
    expect(fifo.take(1)).toEqual([]);
  });

  it('shifts one item at a time, oldest first, interleaved with takes and across compactions', () => {
    const fifo = new Fifo<number>();
    for (let n = 0; n < 3000; n++) fifo.push(n);
    const taken: number[] = [];
    for (let round = 0; round < 2000; round++) {
      taken.push(fifo.shift()!);
      if (round % 100 === 0) taken.push(...fifo.take(1));
      fifo.push(3000 + round);
    }
    expect(fifo.size).toBe(2980);
    for (let item = fifo.shift(); item !== undefined; item = fifo.shift()) taken.push(item);
    expect(taken).toEqual(Array.from({ length: 5000 }, (_, n) => n));
    expect(fifo.size).toBe(0);
    expect(fifo.shift()).toBeUndefined();
  });
});
