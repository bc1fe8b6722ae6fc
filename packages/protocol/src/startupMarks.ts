// Start-up marks (docs/player.md §Start-up timings): the player and the content player put a User Timing mark
// (performance.mark) at each step of the chain from navigation to what the screen first shows, so the player
// benchmark (bench/player/startup.ts) and DevTools can draw the waterfall. A mark costs a few microseconds and is
// kept in production; a browser without User Timing just skips it.

/** The steps of the chain, each marked `marquee:<step>:start` and `marquee:<step>:end`. */
export const STARTUP_STEPS = [
  'player-bundle',
  'registration',
  'sign-in',
  'realtime',
  'frame-bundle',
  'bridge',
  'get-pairing-code',
  'pairing-code-shown',
] as const;
export type StartupStep = (typeof STARTUP_STEPS)[number];

export const STARTUP_MARK_PREFIX = 'marquee:';

export function startupMarkName(step: StartupStep, phase: 'start' | 'end'): string {
  return `${STARTUP_MARK_PREFIX}${step}:${phase}`;
}

const marked = new Set<string>();

/** Marks one phase of a step, the first time only (a step that repeats, like a poll, keeps its first run). */
export function markStartup(step: StartupStep, phase: 'start' | 'end'): void {
  const name = startupMarkName(step, phase);
  if (marked.has(name)) return;
  marked.add(name);
  try {
    (globalThis as { performance?: { mark(name: string): unknown } }).performance?.mark(name);
  } catch {
    // No User Timing: nothing to mark.
  }
}
