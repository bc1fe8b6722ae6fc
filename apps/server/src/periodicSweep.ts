// A node's periodic background work (the timeline sweep, the health sweep, the plays' retention): one run every
// interval, never two at once (a run still going when the next is due is skipped), its failure reported and the
// next run attempted anyway. The timers are injected so tests drive them; Node's are unref'd, so a sweep never keeps
// the process alive.

export interface SweepTimers {
  /** `run` answers a promise settled once the run (or the skipped tick) is over: hand-driven tests await it. */
  setInterval(run: () => Promise<void>, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const nodeSweepTimers: SweepTimers = {
  setInterval(run, ms) {
    const handle = setInterval(() => void run(), ms);
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/** Starts running `run` every `intervalMs`; answers the function that stops it. `timers` null: never runs. */
export function startPeriodicSweep(
  run: () => Promise<unknown>,
  intervalMs: number,
  timers: SweepTimers | null,
  onError: (error: unknown) => void,
): () => void {
  if (timers === null) return () => {};
  let running = false;
  const handle = timers.setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  }, intervalMs);
  return () => timers.clearInterval(handle);
}
