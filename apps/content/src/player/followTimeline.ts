// Follows a timeline by the clock: evaluates what shows now, then sleeps on ONE timer until the next change
// (docs/schedules.md §Player behaviour). Nothing runs between boundaries. A timer counts monotonic time while
// the schedule is in wall-clock time, so a clock that jumps (set by hand, NTP, a new server offset) would leave
// the timer aimed at the wrong instant: check() compares how far each clock moved since the timer was armed and
// evaluates again when they disagree. The caller calls check() whenever it is awake anyway.

import {
  MAX_TIMER_DELAY_MS,
  defaultTimers,
  type Clock,
  type TimerHandle,
  type Timers,
} from '@marquee/protocol';
import { showingAt, type Showing } from './showing';
import type { PlayerTimeline } from './timeline';

/** A disagreement between the wall clock and the monotonic one beyond this is a jump, not jitter. */
export const CLOCK_JUMP_TOLERANCE_MS = 1000;

export interface FollowOptions {
  timeline: PlayerTimeline;
  /** The server's time as this device best knows it: its clock plus the measured offset. */
  now: Clock;
  /** A clock that never jumps (performance.now). */
  monotonic: Clock;
  onShow(showing: Showing): void;
  onError(error: unknown): void;
  timers?: Timers;
}

export interface TimelineFollower {
  /** Evaluates again now (a new offset, a wake-up). */
  evaluate(): void;
  /** Evaluates again only if the clock jumped since the timer was armed. */
  check(): void;
  stop(): void;
}

export function followTimeline({
  timeline,
  now,
  monotonic,
  onShow,
  onError,
  timers = defaultTimers,
}: FollowOptions): TimelineFollower {
  let timer: TimerHandle | null = null;
  let armedAt = { wall: 0, mono: 0 };
  let stopped = false;

  const disarm = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  const evaluate = () => {
    if (stopped) return;
    disarm();
    const t = now();
    let showing: Showing;
    try {
      showing = showingAt(timeline, t);
    } catch (error) {
      onError(error);
      return;
    }
    armedAt = { wall: t, mono: monotonic() };
    timer = timers.setTimeout(evaluate, Math.min(Math.max(showing.until - t, 0), MAX_TIMER_DELAY_MS));
    onShow(showing);
  };

  evaluate();
  return {
    evaluate,
    check() {
      if (stopped) return;
      const drift = now() - armedAt.wall - (monotonic() - armedAt.mono);
      if (Math.abs(drift) > CLOCK_JUMP_TOLERANCE_MS) evaluate();
    },
    stop() {
      stopped = true;
      disarm();
    },
  };
}
