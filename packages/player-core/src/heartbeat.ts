// The heartbeat (docs/protocols/player-api.md §Heartbeat): POST /_internal/players/{id}/heartbeat on start, every
// minute, when the browser comes back online, and whenever the content frame applies a new content version (so the
// studio sees a schedule or an override reach the screen within seconds, not at the next minute: docs/player.md
// §Heartbeat). The body is what the studio shows: uptime (seconds), ip, platform, version, the device's time zone
// and the content version the frame has applied.

import { HEARTBEAT_INTERVAL_MS } from '@marquee/protocol';
import { defaultTimers, type Timers } from './timers';

export interface HeartbeatBody {
  uptime: number;
  ip: string | null;
  platform: string;
  version: string;
  /** The device's IANA zone; absent where the runtime does not say. */
  timezone?: string;
  /** The app/data version the content frame has applied; absent on the pairing page or when the frame is silent. */
  contentVersion?: number;
}

export interface HeartbeatOptions {
  send: () => Promise<unknown>;
  /** Where 'online' fires (the window). */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  /** Other moments worth a beat: called with the beat, answers its unsubscribe. */
  beatOn?: (beat: () => void) => () => void;
  timers?: Timers;
}

export function heartbeatPath(playerId: string): string {
  return `/_internal/players/${encodeURIComponent(playerId)}/heartbeat`;
}

/** Starts beating at once; returns the function that stops it. A failed beat is left to the HTTP client's log. */
export function startHeartbeat({
  send,
  events,
  beatOn,
  timers = defaultTimers,
}: HeartbeatOptions): () => void {
  const beat = () => void send().catch(() => {});
  beat();
  const interval = timers.setInterval(beat, HEARTBEAT_INTERVAL_MS);
  events?.addEventListener('online', beat);
  const unsubscribe = beatOn?.(beat);
  return () => {
    timers.clearInterval(interval);
    events?.removeEventListener('online', beat);
    unsubscribe?.();
  };
}
