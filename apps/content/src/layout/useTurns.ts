// Which turn of a segment that names layouts is on screen (docs/layouts.md §Playback): each turn for its
// durationMs, then the next, round and round; a single turn stays. The turn that just left stays one cross-fade
// under the new one, so a switch never shows a blank frame.

import { useEffect, useState } from 'react';
import type { Timers } from '@marquee/protocol';
import type { Turn } from '../player/programme';

/** How long the outgoing turn stays under the incoming one (the layers' fade-in in styles.css). */
export const TURN_FADE_MS = 600;

export interface TurnPosition {
  current: number;
  /** The turn fading out, during TURN_FADE_MS after a switch. */
  previous: number | null;
  /** Counts switches: names each turn's time on screen, so a turn shown again starts afresh. */
  step: number;
}

interface State extends TurnPosition {
  turns: Turn[];
}

const start = (turns: Turn[]): State => ({ turns, current: 0, previous: null, step: 0 });

export function useTurns(turns: Turn[], timers: Timers): TurnPosition {
  const [state, setState] = useState<State>(() => start(turns));
  // New turns start over from the first (a render-time reset, not an effect).
  if (state.turns !== turns) setState(start(turns));
  const { current, previous, step } = state;
  const durationMs = turns[current]?.durationMs ?? null;
  const count = turns.length;

  useEffect(() => {
    if (count <= 1 || durationMs === null) return;
    const handle = timers.setTimeout(() => {
      setState((s) => ({ ...s, previous: s.current, current: (s.current + 1) % count, step: s.step + 1 }));
    }, durationMs);
    return () => timers.clearTimeout(handle);
  }, [step, durationMs, count, timers]);

  useEffect(() => {
    if (previous === null) return;
    const handle = timers.setTimeout(() => setState((s) => ({ ...s, previous: null })), TURN_FADE_MS);
    return () => timers.clearTimeout(handle);
  }, [previous, step, timers]);

  return { current, previous, step };
}
