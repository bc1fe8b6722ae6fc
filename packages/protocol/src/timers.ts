// The one source of time for code that schedules work (bridge, realtime client, player core). Injected so unit
// tests can drive it with fake timers; the defaults look the globals up on every call (not once at import) so
// vi.useFakeTimers() and Playwright's clock still apply, and call them unbound-safe (a browser's setTimeout throws
// "Illegal invocation" when called on another object).

/** An opaque handle returned by `setTimeout`/`setInterval` (a number in browsers, an object in Node). */
export type TimerHandle = unknown;

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

/** Milliseconds since the epoch. */
export type Clock = () => number;

// protocol has neither DOM nor Node typings; both environments have these globals.
interface GlobalTimers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}
const host = () => globalThis as unknown as GlobalTimers;

export const defaultTimers: Timers = {
  setTimeout: (callback, ms) => host().setTimeout(callback, ms),
  clearTimeout: (handle) => host().clearTimeout(handle),
  setInterval: (callback, ms) => host().setInterval(callback, ms),
  clearInterval: (handle) => host().clearInterval(handle),
};

export const systemClock: Clock = () => Date.now();

/** Longest delay setTimeout honours (about 24.8 days); anything longer fires at once in browsers. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;
