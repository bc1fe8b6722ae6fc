// Debug mode (docs/player.md §Debug mode): tapping the version label 7 times within 3 s toggles it on; once it is
// on, a single tap turns it off. Kept under __sc_player_debug_mode. While on, the sidebar stays open.

import { useCallback, useRef, useState } from 'react';
import { DEBUG_ACTIVATION_TAPS, DEBUG_ACTIVATION_WINDOW_MS } from '@marquee/protocol';
import type { PlayerStorage } from '@marquee/player-core';

export function useDebugMode(
  storage: Pick<PlayerStorage, 'getDebugMode' | 'setDebugMode'>,
  clock: () => number = Date.now,
) {
  const [on, setOn] = useState(() => storage.getDebugMode());
  const taps = useRef<number[]>([]);
  const tap = useCallback(() => {
    const now = clock();
    if (on) {
      taps.current = [];
      storage.setDebugMode(false);
      setOn(false);
      return;
    }
    taps.current = [...taps.current.filter((time) => now - time < DEBUG_ACTIVATION_WINDOW_MS), now];
    if (taps.current.length >= DEBUG_ACTIVATION_TAPS) {
      taps.current = [];
      storage.setDebugMode(true);
      setOn(true);
    }
  }, [on, storage, clock]);
  return { debugMode: on, tap };
}
