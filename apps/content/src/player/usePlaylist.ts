// Plays a list of items in order, each for its durationMs, and knows the next one so it can be preloaded. A
// failed item is skipped (the caller logs why); when every item failed, nothing is current and the caller shows
// its slate, and the items are tried again after RETRY_FAILED_MS.

import { useCallback, useEffect, useState } from 'react';
import { firstPlayable, nextPlayable } from './playlist';
import type { Playable } from './programme';

const RETRY_FAILED_MS = 60_000;

export interface PlaylistPosition {
  current: number | null;
  next: number | null;
  previous: number | null;
  /** Marks `index` as failed: it is skipped at once if it is on screen. */
  fail(index: number): void;
  /**
   * Ends `index`'s slot early (an app's done()): the next item comes on at once. False when there is no other
   * item to go to, so the caller restarts the slot in place.
   */
  finish(index: number): boolean;
}

interface State {
  playable: Playable | null;
  current: number | null;
  previous: number | null;
  failed: ReadonlySet<number>;
}

const start = (playable: Playable | null): State => ({
  playable,
  current: playable === null ? null : firstPlayable(playable.items.length, new Set()),
  previous: null,
  failed: new Set(),
});

export function usePlaylist(playable: Playable | null): PlaylistPosition {
  const [state, setState] = useState<State>(() => start(playable));
  // New content starts over from its first item (a render-time reset, not an effect).
  if (state.playable !== playable) setState(start(playable));

  const count = playable?.items.length ?? 0;
  const { current, failed } = state;
  const duration = current === null ? null : (playable?.items[current]?.durationMs ?? null);

  useEffect(() => {
    if (current === null || duration === null) return;
    if (nextPlayable(count, current, failed) === current) return; // a single item stays
    const timer = setTimeout(() => {
      setState((s) =>
        s.current === null
          ? s
          : { ...s, previous: s.current, current: nextPlayable(count, s.current, s.failed) },
      );
    }, duration);
    return () => clearTimeout(timer);
  }, [current, duration, count, failed]);

  useEffect(() => {
    if (current !== null || count === 0 || failed.size === 0) return;
    const timer = setTimeout(
      () => setState((s) => ({ ...s, failed: new Set(), current: firstPlayable(count, new Set()) })),
      RETRY_FAILED_MS,
    );
    return () => clearTimeout(timer);
  }, [current, count, failed]);

  const fail = useCallback((index: number) => {
    setState((s) => {
      if (s.failed.has(index)) return s;
      const failedNow = new Set(s.failed).add(index);
      const count = s.playable?.items.length ?? 0;
      if (s.current !== index) return { ...s, failed: failedNow };
      return { ...s, failed: failedNow, previous: null, current: nextPlayable(count, index, failedNow) };
    });
  }, []);

  const next = current === null ? null : nextPlayable(count, current, failed);
  const finish = useCallback(
    (index: number) => {
      if (index !== current) return true; // no longer on screen: its slot already ended
      if (next === null || next === current) return false;
      setState((s) => (s.current === index ? { ...s, previous: index, current: next } : s));
      return true;
    },
    [current, next],
  );
  return {
    current,
    next: next === current ? null : next,
    previous: state.previous === current ? null : state.previous,
    fail,
    finish,
  };
}
