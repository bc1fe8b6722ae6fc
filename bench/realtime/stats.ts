// Summaries of measured samples.

/** The p-th percentile (0 < p ≤ 100) by nearest rank; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/**
 * Reservoir sampling: adds the `seen`-th value (counting from 1) to a sample of at most `size`, so that every value
 * seen has the same chance to be in it.
 */
export function addToSample(sample: number[], size: number, seen: number, value: number): void {
  if (sample.length < size) sample.push(value);
  else {
    const index = Math.floor(Math.random() * seen);
    if (index < size) sample[index] = value;
  }
}

/** A pseudo-random generator (mulberry32) in [0, 1): the same seed picks the same players in every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
