// What the timeline shows now, kept current by followTimeline's one timer (docs/schedules.md §Player behaviour).
// Evaluated again when the timeline changes and when the page becomes visible (a device waking up: its timers
// were frozen); checked for a clock jump on every app/data answer and when the server offset moves. The clock is
// the server's as this device knows it: its own plus the measured offset, or its own alone before any measurement.

import { useEffect, useRef, useState } from 'react';
import { defaultTimers, type Clock, type Timers } from '@marquee/protocol';
import { followTimeline } from './followTimeline';
import type { Showing } from './showing';
import type { PlayerTimeline } from './timeline';

export interface TimelineClock {
  /** The device's wall clock. */
  wall: Clock;
  /** A clock that never jumps. */
  monotonic: Clock;
  timers: Timers;
}

export const browserClock: TimelineClock = {
  wall: () => Date.now(),
  monotonic: () => performance.now(),
  timers: defaultTimers,
};

export interface TimelineOptions {
  timeline: PlayerTimeline | null;
  serverOffsetMs: number | null;
  onAnswer(listener: () => void): () => void;
  onError(error: unknown): void;
  clock?: TimelineClock;
}

const sameShowing = (a: Showing | null, b: Showing) =>
  a !== null && a.until === b.until && JSON.stringify(a.segment) === JSON.stringify(b.segment);

export function useTimeline({
  timeline,
  serverOffsetMs,
  onAnswer,
  onError,
  clock = browserClock,
}: TimelineOptions): Showing | null {
  const [showing, setShowing] = useState<Showing | null>(null);
  const offset = useRef(serverOffsetMs ?? 0);
  const follower = useRef<ReturnType<typeof followTimeline> | null>(null);
  const fail = useRef(onError);
  useEffect(() => {
    fail.current = onError;
  }, [onError]);

  useEffect(() => {
    if (timeline === null) {
      setShowing(null);
      return;
    }
    const following = followTimeline({
      timeline,
      now: () => clock.wall() + offset.current,
      monotonic: clock.monotonic,
      timers: clock.timers,
      onShow: (next) => setShowing((current) => (sameShowing(current, next) ? current : next)),
      onError: (error) => fail.current(error),
    });
    follower.current = following;
    const onVisible = () => document.visibilityState === 'visible' && following.evaluate();
    document.addEventListener('visibilitychange', onVisible);
    const offAnswer = onAnswer(() => following.check());
    return () => {
      following.stop();
      document.removeEventListener('visibilitychange', onVisible);
      offAnswer();
      if (follower.current === following) follower.current = null;
    };
  }, [timeline, onAnswer, clock]);

  // A new offset moves the clock the timeline follows: to the follower it is a jump like any other.
  useEffect(() => {
    offset.current = serverOffsetMs ?? 0;
    follower.current?.check();
  }, [serverOffsetMs]);

  return timeline === null ? null : showing;
}
