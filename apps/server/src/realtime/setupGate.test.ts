import { describe, expect, it } from 'vitest';
import { SETUP_CHECK_MS, SETUP_PRIORITY_MAX_MS, SETUP_RELEASE_SLICE, SetupGate } from './setupGate';

/** A gate on a clock and a timer the test drives, in front of an admission queue the test fills and empties. */
function setup() {
  let now = 0;
  let queued = true;
  let task: (() => void) | null = null;
  const timers: number[] = [];
  const gate = new SetupGate({
    queued: () => queued,
    now: () => now,
    every: (ms, run) => {
      timers.push(ms);
      task = run;
      return () => {
        task = null;
      };
    },
  });
  const resumed: number[] = [];
  const connection = (id: number) => ({ resumeAfterSetups: () => resumed.push(id) });
  return {
    gate,
    resumed,
    connection,
    timers,
    setQueued: (value: boolean) => (queued = value),
    /** Advances the clock by one check and runs it. */
    check: () => {
      now += SETUP_CHECK_MS;
      task?.();
    },
    advance: (ms: number) => (now += ms),
    get ticking() {
      return task !== null;
    },
  };
}

describe('SetupGate', () => {
  it('holds nothing while no connection waits for its setup', () => {
    const test = setup();
    test.setQueued(false);
    expect(test.gate.hold(test.connection(1))).toBe(false);
    expect(test.gate.holding).toBe(0);
    expect(test.ticking).toBe(false);
  });

  it('holds set-up connections while others wait, and reads them again, oldest first, once none waits', () => {
    const test = setup();
    for (let id = 0; id < SETUP_RELEASE_SLICE + 10; id++)
      expect(test.gate.hold(test.connection(id))).toBe(true);
    expect(test.timers).toEqual([SETUP_CHECK_MS]);
    test.check();
    expect(test.resumed).toEqual([]);

    test.setQueued(false);
    test.check();
    expect(test.resumed).toHaveLength(SETUP_RELEASE_SLICE);
    expect(test.resumed.slice(0, 3)).toEqual([0, 1, 2]);
    test.check();
    expect(test.resumed).toHaveLength(SETUP_RELEASE_SLICE + 10);
    expect(test.gate.holding).toBe(0);
    expect(test.ticking).toBe(false);
  });

  it('reads a connection again after the longest hold even while others still wait', () => {
    const test = setup();
    test.gate.hold(test.connection(1));
    test.advance(SETUP_PRIORITY_MAX_MS / 2);
    test.gate.hold(test.connection(2));
    test.advance(SETUP_PRIORITY_MAX_MS / 2 - SETUP_CHECK_MS - 1);
    test.check();
    expect(test.resumed).toEqual([]);
    test.advance(1);
    test.check();
    expect(test.resumed).toEqual([1]);
    test.advance(SETUP_PRIORITY_MAX_MS / 2);
    test.check();
    expect(test.resumed).toEqual([1, 2]);
  });

  it('reads every held connection again at shutdown, and holds none after', () => {
    const test = setup();
    test.gate.hold(test.connection(1));
    test.gate.hold(test.connection(2));
    test.gate.close();
    expect(test.resumed).toEqual([1, 2]);
    expect(test.gate.hold(test.connection(3))).toBe(false);
    expect(test.ticking).toBe(false);
  });
});
