// When the screen's first content is up: the pairing code went to the frame, or the frame applied its content, or
// STARTUP_SETTLE_FALLBACK_MS after the Player mounted, for a frame that says neither (a third-party app URL). The
// operator's tools and the periodic duties (components/PlayerDuties.tsx) mount then, two animation frames later so
// that the content paints first: on a weak screen their first render and effects took the main thread the pairing
// page needed to draw its code (docs/player.md §Start-up timings).

import { useCallback, useEffect, useState } from 'react';
import { defaultTimers, type Timers } from '@marquee/protocol';
import { CONTENT_APPLIED_EVENT } from './useHeartbeat';

export const STARTUP_SETTLE_FALLBACK_MS = 5_000;

/** The next animation frame, or 100 ms on `timers` where none comes (a hidden or covered window has none). */
function animationFrame(callback: () => void, timers: Timers): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    callback();
  };
  requestAnimationFrame(once);
  timers.setTimeout(once, 100);
}

export interface StartupSettled {
  settled: boolean;
  /** Marks the first content as up (idempotent). */
  settle: () => void;
}

export function useStartupSettled(
  contentApplied: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  timers: Timers = defaultTimers,
  nextFrame?: (callback: () => void) => void,
): StartupSettled {
  const [settled, setSettled] = useState(false);
  const [upSince, setUpSince] = useState(false);
  const settle = useCallback(() => setUpSince(true), []);

  useEffect(() => {
    contentApplied.addEventListener(CONTENT_APPLIED_EVENT, settle);
    const fallback = timers.setTimeout(settle, STARTUP_SETTLE_FALLBACK_MS);
    return () => {
      contentApplied.removeEventListener(CONTENT_APPLIED_EVENT, settle);
      timers.clearTimeout(fallback);
    };
  }, [contentApplied, settle, timers]);

  useEffect(() => {
    if (!upSince) return;
    let live = true;
    const frame = nextFrame ?? ((callback: () => void) => animationFrame(callback, timers));
    frame(() => frame(() => live && setSettled(true)));
    return () => {
      live = false;
    };
  }, [upSince, nextFrame, timers]);

  return { settled, settle };
}
