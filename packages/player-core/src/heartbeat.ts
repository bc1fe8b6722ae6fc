// The heartbeat (docs/protocols/player-api.md §Heartbeat): POST /_internal/players/{id}/heartbeat on start, every
// minute, and when the browser comes back online. The body is what the studio shows: uptime (seconds), ip, platform,
// version.

import { HEARTBEAT_INTERVAL_MS } from '@marquee/protocol';
import { defaultTimers, type Timers } from './timers';

export interface HeartbeatBody {
  uptime: number;
  ip: string | null;
  platform: string;
  version: string;
}

export interface HeartbeatOptions {
  send: () => Promise<unknown>;
  /** Where 'online' fires (the window). */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  timers?: Timers;
}

export function heartbeatPath(playerId: string): string {
  return `/_internal/players/${encodeURIComponent(playerId)}/heartbeat`;
}

/** Starts beating at once; returns the function that stops it. A failed beat is left to the HTTP client's log. */
export function startHeartbeat({ send, events, timers = defaultTimers }: HeartbeatOptions): () => void {
  const beat = () => void send().catch(() => {});
  beat();
  const interval = timers.setInterval(beat, HEARTBEAT_INTERVAL_MS);
  events?.addEventListener('online', beat);
  return () => {
    timers.clearInterval(interval);
    events?.removeEventListener('online', beat);
  };
}
