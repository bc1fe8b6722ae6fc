// Timers for tests that also do real I/O (an HTTP receiver, IndexedDB): time moves only when the test says, and
// after each timer fires the test waits for the work it started (`settle`) before the next one is due.

import type { Timers } from '@marquee/protocol';

interface Pending {
  at: number;
  callback: () => void;
  id: number;
}

export interface ManualTimers extends Timers {
  now(): number;
  /** Moves time on by `ms`, firing what falls due in order and awaiting `settle` after each. */
  advance(ms: number, settle: () => Promise<unknown>): Promise<void>;
  /** The delays from now of the timers set, soonest first. */
  delays(): number[];
}

export function manualTimers(start: number): ManualTimers {
  let now = start;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const setTimeout = (callback: () => void, ms: number) => {
    const id = nextId++;
    pending.set(id, { at: now + Math.max(0, ms), callback, id });
    return id;
  };
  const clearTimeout = (handle: unknown) => {
    pending.delete(handle as number);
  };
  return {
    setTimeout,
    clearTimeout,
    setInterval: () => {
      throw new Error('manualTimers has no setInterval');
    },
    clearInterval: clearTimeout,
    now: () => now,
    delays: () => [...pending.values()].map((timer) => timer.at - now).sort((a, b) => a - b),
    async advance(ms, settle) {
      const end = now + ms;
      for (;;) {
        const due = [...pending.values()]
          .filter((timer) => timer.at <= end)
          .sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (due === undefined) break;
        pending.delete(due.id);
        now = due.at;
        due.callback();
        await settle();
      }
      now = end;
    },
  };
}
