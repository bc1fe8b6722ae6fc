// The periodic sweep's contract, with timers driven by hand: a run still going when the next is due is skipped (a
// slow sweep never piles up), a failed run is reported and the next still runs, stopping clears the timer.

import { describe, expect, it } from 'vitest';
import { startPeriodicSweep, type SweepTimers } from './periodicSweep';

function handTimers() {
  let tick: (() => void) | null = null;
  const timers: SweepTimers & { tick(): void; armed(): boolean } = {
    setInterval(run) {
      tick = run;
      return 1;
    },
    clearInterval() {
      tick = null;
    },
    tick: () => tick?.(),
    armed: () => tick !== null,
  };
  return timers;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('periodic sweep', () => {
  it('skips a tick while the previous run is still going, then runs again', async () => {
    const timers = handTimers();
    let runs = 0;
    let finish: () => void = () => {};
    startPeriodicSweep(
      () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      1000,
      timers,
      () => {},
    );
    timers.tick();
    timers.tick();
    expect(runs).toBe(1);
    finish();
    await settle();
    timers.tick();
    expect(runs).toBe(2);
  });

  it('reports a failed run and still runs the next', async () => {
    const timers = handTimers();
    const errors: unknown[] = [];
    let runs = 0;
    startPeriodicSweep(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('database away');
      },
      1000,
      timers,
      (error) => errors.push(error),
    );
    timers.tick();
    await settle();
    timers.tick();
    await settle();
    expect(runs).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(['database away']);
  });

  it('stops, and without timers never starts', () => {
    const timers = handTimers();
    const stop = startPeriodicSweep(
      async () => {},
      1000,
      timers,
      () => {},
    );
    expect(timers.armed()).toBe(true);
    stop();
    expect(timers.armed()).toBe(false);
    let ran = false;
    startPeriodicSweep(
      async () => {
        ran = true;
      },
      1000,
      null,
      () => {},
    )();
    expect(ran).toBe(false);
  });
});
