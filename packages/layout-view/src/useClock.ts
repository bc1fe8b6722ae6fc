// The instant a clock shows, moved on exactly when its text changes (one timer at a time, from the injected clock
// and timers, so tests and a screen's server-corrected time drive it alike).

import { useEffect, useState } from 'react';
import type { Clock, Timers } from '@marquee/protocol';
import { nextTickMs } from './clockText';

export function useClock(now: Clock, timers: Timers, showSeconds: boolean): number {
  const [instant, setInstant] = useState(now);
  useEffect(() => {
    let handle: unknown = null;
    const tick = () => {
      const current = now();
      setInstant(current);
      handle = timers.setTimeout(tick, nextTickMs(current, showSeconds));
    };
    tick();
    return () => timers.clearTimeout(handle);
  }, [now, timers, showSeconds]);
  return instant;
}
