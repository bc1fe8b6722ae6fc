// The client's only source of time besides the injected clock. The defaults look the globals up on every call
// (not once at import) so vi.useFakeTimers() still applies, and call them unbound-safe (a browser's setTimeout
// throws "Illegal invocation" when called on another object).

/** An opaque handle returned by `setTimeout`/`setInterval` (a number in browsers, an object in Node). */
export type TimerHandle = unknown;

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

type GlobalHandle = ReturnType<typeof globalThis.setTimeout>;

export const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as GlobalHandle),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as GlobalHandle),
};

/** Longest delay setTimeout honours (about 24.8 days); anything longer fires at once in browsers. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;
