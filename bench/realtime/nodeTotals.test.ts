import { describe, expect, it } from 'vitest';
import { combineLoopStats, playersPerNode, sumMemory } from './nodeTotals';
import type { LoopStats } from './serverProbe';
import { commandNodeOf, connectNodeOf } from './targets';

const sample = (rss: number, heapUsed: number) => ({
  rss,
  heapUsed,
  heapTotal: 2 * heapUsed,
  external: 1,
  arrayBuffers: 2,
});

const slice = (atMs: number, busy: number, accepted: number) => ({
  atMs,
  busy,
  accepted,
  closed: 1,
  gcMs: 2,
});

const loop = (delayMaxMs: number, gcPauses: number, gcMaxMs: number): LoopStats => ({
  delayP50Ms: delayMaxMs / 10,
  delayP99Ms: delayMaxMs / 2,
  delayMaxMs,
  gcPauses,
  gcTotalMs: gcPauses * 2,
  gcMaxMs,
  gcMajor: 1,
  timeline: [slice(250, delayMaxMs / 100, gcPauses), slice(500, 0.5, 10)],
});

describe('sumMemory', () => {
  it('adds every field of the nodes, and is one node itself', () => {
    expect(sumMemory([sample(100, 40), sample(300, 60)])).toEqual({
      rss: 400,
      heapUsed: 100,
      heapTotal: 200,
      external: 2,
      arrayBuffers: 4,
    });
    expect(sumMemory([sample(100, 40)])).toEqual(sample(100, 40));
  });
});

describe('combineLoopStats', () => {
  it("takes the worst node's delays and GC pause, and every node's pauses", () => {
    expect(combineLoopStats([loop(20, 3, 5), loop(80, 1, 2), loop(40, 4, 9)])).toEqual({
      delayP50Ms: 8,
      delayP99Ms: 40,
      delayMaxMs: 80,
      gcPauses: 8,
      gcTotalMs: 16,
      gcMaxMs: 9,
      gcMajor: 3,
      // Slice by slice: the busiest node, and the connections and GC time of all of them.
      timeline: [
        { atMs: 250, busy: 0.8, accepted: 8, closed: 3, gcMs: 6 },
        { atMs: 500, busy: 0.5, accepted: 30, closed: 3, gcMs: 6 },
      ],
    });
    expect(combineLoopStats([loop(20, 3, 5)])).toEqual(loop(20, 3, 5));
    expect(() => combineLoopStats([])).toThrow('no event-loop statistics');
  });
});

describe('the spread over nodes', () => {
  it('connects players round-robin and sends each command to another node than its player', () => {
    expect([0, 1, 2, 3, 4].map((index) => connectNodeOf(index, 3))).toEqual([0, 1, 2, 0, 1]);
    expect([0, 1, 2, 3, 4].map((index) => commandNodeOf(index, 3))).toEqual([1, 2, 0, 1, 2]);
    for (let nodes = 2; nodes <= 8; nodes++) {
      for (let index = 0; index < 20; index++) {
        expect(commandNodeOf(index, nodes)).not.toBe(connectNodeOf(index, nodes));
      }
    }
    expect(commandNodeOf(5, 1)).toBe(0);
  });

  it('counts the listening players of each node', () => {
    const listening = [true, true, false, true, true, true, false];
    expect(playersPerNode(listening, 3, (index) => connectNodeOf(index, 3))).toEqual([2, 2, 1]);
    expect(playersPerNode(listening, 1, () => 0)).toEqual([5]);
  });
});
