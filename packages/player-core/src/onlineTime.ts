// How long the player has been online and offline since its page loaded, for its stats (docs/player.md §Stats):
// the connection state (docs/player.md §Connection states) is told to it on every change, and the time between two
// changes goes to the state that held. A clock that steps back counts nothing rather than a negative time.

import { systemClock, type Clock } from './timers';

export interface OnlineTimeTotals {
  onlineSeconds: number;
  offlineSeconds: number;
}

export interface OnlineTime {
  /** The connection state from now on. */
  set(online: boolean): void;
  /** Whole seconds online and offline up to now. */
  totals(): OnlineTimeTotals;
}

export interface OnlineTimeOptions {
  /** Epoch ms of the page load: the time before the first state counts for `online`. */
  startedAt: number;
  /** The state at the start. */
  online: boolean;
  clock?: Clock;
}

export function trackOnlineTime({ startedAt, online, clock = systemClock }: OnlineTimeOptions): OnlineTime {
  let current = online;
  let since = startedAt;
  const spent = { online: 0, offline: 0 };
  const close = (now: number) => {
    spent[current ? 'online' : 'offline'] += Math.max(0, now - since);
    since = Math.max(since, now);
  };
  return {
    set(next) {
      if (next === current) return;
      close(clock());
      current = next;
    },
    totals() {
      const now = clock();
      const open = Math.max(0, now - since);
      return {
        onlineSeconds: Math.floor((spent.online + (current ? open : 0)) / 1000),
        offlineSeconds: Math.floor((spent.offline + (current ? 0 : open)) / 1000),
      };
    },
  };
}
