// Whether the server is reachable from this frame, for deciding which items can play offline
// (docs/schedules.md §Player behaviour). The browser's own flag says only that a network is up, not that the
// server answers; the frame's realtime connection says that. It reports down before it first comes up, so a
// connection that stays down past a grace period counts as offline, and one that never opened (no credentials)
// leaves the browser's flag to decide.

import { useEffect, useState } from 'react';
import { defaultTimers, type Timers } from '@marquee/protocol';

/** Long enough for a reachable server to accept the frame's connection; short enough to matter offline. */
export const OFFLINE_AFTER_MS = 5000;

export function useOnline(connected: boolean | null, timers: Timers = defaultTimers): boolean {
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine !== false);
  const [lost, setLost] = useState(false);

  useEffect(() => {
    const update = () => setBrowserOnline(navigator.onLine !== false);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  useEffect(() => {
    if (connected !== false) {
      setLost(false);
      return;
    }
    const timer = timers.setTimeout(() => setLost(true), OFFLINE_AFTER_MS);
    return () => timers.clearTimeout(timer);
  }, [connected, timers]);

  return browserOnline && !lost;
}
