// Which of `count` items a carousel shows: the next one every `intervalMs` while `active`, from the start again
// after the last. A list that shrinks under it starts over rather than pointing past its end.

import { useEffect, useState } from 'react';
import { defaultTimers, type Timers } from '@marquee/protocol';

export function useCarousel(
  count: number,
  intervalMs: number,
  active: boolean,
  timers: Timers = defaultTimers,
): number {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (!active || count < 2) return;
    const timer = timers.setInterval(() => setIndex((shown) => (shown + 1) % count), intervalMs);
    return () => timers.clearInterval(timer);
  }, [active, count, intervalMs, timers]);

  return index < count ? index : 0;
}
