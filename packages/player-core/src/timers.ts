// The only source of time of player-core besides injected clocks. The defaults look the globals up on every call,
// so vi.useFakeTimers() and Playwright's clock apply, and call them unbound-safe.

export type { Timers, TimerHandle } from '@marquee/bridge';
export { defaultTimers } from '@marquee/bridge';

/** Milliseconds since the epoch. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
