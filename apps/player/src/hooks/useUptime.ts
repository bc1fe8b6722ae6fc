// The footer's uptime, written '{h}hr {m}m {s}s' (docs/decisions.md, "Uptime"), ticking every second.

import { useEffect, useState } from 'react';
import { formatUptime } from '@marquee/protocol';

export function useUptime(startedAt: number, clock: () => number = Date.now): string {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), 1000);
    return () => clearInterval(timer);
  }, [clock]);
  return formatUptime((now - startedAt) / 1000);
}
