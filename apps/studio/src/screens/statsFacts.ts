// The facts of a player's runtime stats report (docs/player.md §Stats) as the screen page shows them.

import { formatUptime } from '@marquee/protocol';
import type { ScreenStatus } from '../api/types';
import { formatSize } from '../common/time';

export type PlayerStatsView = NonNullable<ScreenStatus['stats']>;

export interface StatsFact {
  label: string;
  value: string;
}

/** The online share, rounded down: any offline time keeps it under 100%. */
function onlineShare(onlineSeconds: number, offlineSeconds: number): string {
  const total = onlineSeconds + offlineSeconds;
  if (total === 0) return '—';
  const share = Math.floor((onlineSeconds / total) * 100);
  return `${share}% online · offline ${formatUptime(offlineSeconds)}`;
}

/** The content watchdog's recoveries since the player started. */
function frameReloads(count: number): string {
  if (count === 0) return 'None since the player started';
  return `${count} since the player started (the frame stopped answering)`;
}

export function statsFacts(stats: PlayerStatsView): StatsFact[] {
  return [
    { label: 'Uptime', value: formatUptime(stats.uptime) },
    {
      label: 'JS heap',
      value:
        stats.heap === null
          ? 'Not told by this browser'
          : `${formatSize(stats.heap.used)} used of ${formatSize(stats.heap.limit)}`,
    },
    { label: 'Content frame', value: stats.frameResponsive ? 'Responsive' : 'Not answering' },
    {
      label: 'Content shown',
      value: stats.contentVersion === null ? 'None' : `Version ${stats.contentVersion}`,
    },
    { label: 'Connection', value: onlineShare(stats.onlineSeconds, stats.offlineSeconds) },
    // Players older than the content watchdog do not report it (docs/player.md §Content watchdog).
    ...(stats.frameRecoveries === undefined
      ? []
      : [{ label: 'Frame reloads', value: frameReloads(stats.frameRecoveries) }]),
  ];
}
