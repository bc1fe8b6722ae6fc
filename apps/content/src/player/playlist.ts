// Which item plays next. Items that failed are skipped until the manifest changes; when every item failed there
// is nothing to play and the caller shows its fallback slate instead of a blank screen.

/** The index after `index` that has not failed, wrapping around; null when none is left. */
export function nextPlayable(count: number, index: number, failed: ReadonlySet<number>): number | null {
  for (let step = 1; step <= count; step++) {
    const candidate = (index + step) % count;
    if (!failed.has(candidate)) return candidate;
  }
  return null;
}

/** The first playable index, or null. */
export function firstPlayable(count: number, failed: ReadonlySet<number>): number | null {
  return count === 0 ? null : nextPlayable(count, count - 1, failed);
}
