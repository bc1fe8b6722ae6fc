// The figures of a target's server nodes added up into the target's: memory samples are summed (memory per
// connection is the nodes' growth together over all their players), event-loop statistics take the worst node's
// delay and every node's GC pauses. One node's figures come out unchanged.

import type { LoopStats, MemorySample, TimelineSample } from './serverProbe';

export function sumMemory(samples: readonly MemorySample[]): MemorySample {
  const total: MemorySample = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
  for (const sample of samples) {
    total.rss += sample.rss;
    total.heapUsed += sample.heapUsed;
    total.heapTotal += sample.heapTotal;
    total.external += sample.external;
    total.arrayBuffers += sample.arrayBuffers;
  }
  return total;
}

/** Delay percentiles and maximum of the worst node (a player waits on its own node); GC pauses of all nodes. */
export function combineLoopStats(stats: readonly LoopStats[]): LoopStats {
  if (stats.length === 0) throw new Error('no event-loop statistics to combine');
  const worst = (pick: (entry: LoopStats) => number) => Math.max(...stats.map(pick));
  const total = (pick: (entry: LoopStats) => number) => stats.reduce((sum, entry) => sum + pick(entry), 0);
  return {
    delayP50Ms: worst((entry) => entry.delayP50Ms),
    delayP99Ms: worst((entry) => entry.delayP99Ms),
    delayMaxMs: worst((entry) => entry.delayMaxMs),
    gcPauses: total((entry) => entry.gcPauses),
    gcTotalMs: total((entry) => entry.gcTotalMs),
    gcMaxMs: worst((entry) => entry.gcMaxMs),
    gcMajor: total((entry) => entry.gcMajor),
    timeline: combineTimelines(stats.map((entry) => entry.timeline)),
  };
}

/** Slice by slice: the busiest node's utilisation, every node's connections and GC time added up. */
function combineTimelines(timelines: readonly TimelineSample[][]): TimelineSample[] {
  const length = Math.min(...timelines.map((timeline) => timeline.length));
  return Array.from({ length }, (_, index) => {
    const slices = timelines.map((timeline) => timeline[index] as TimelineSample);
    return {
      atMs: Math.max(...slices.map((slice) => slice.atMs)),
      busy: Math.max(...slices.map((slice) => slice.busy)),
      accepted: slices.reduce((sum, slice) => sum + slice.accepted, 0),
      closed: slices.reduce((sum, slice) => sum + slice.closed, 0),
      gcMs: slices.reduce((sum, slice) => sum + slice.gcMs, 0),
    };
  });
}

/** Players listening on each of `nodes` nodes: `listening[index]` says whether the player at index does. */
export function playersPerNode(
  listening: readonly boolean[],
  nodes: number,
  nodeOf: (index: number) => number,
): number[] {
  const counts = new Array<number>(nodes).fill(0);
  listening.forEach((isListening, index) => {
    if (isListening) counts[nodeOf(index)] = (counts[nodeOf(index)] ?? 0) + 1;
  });
  return counts;
}
