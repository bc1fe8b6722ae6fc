// One stats report of the player (docs/player.md §Stats; the record is protocol's PlayerStats): uptime, the JS heap
// where the browser tells it, whether the content frame answers and which manifest version it shows, and the
// online and offline time, and the content watchdog's recoveries. Sent to POST /_internal/players/{id}/stats with
// the API token.

import type { Bridge } from '@marquee/bridge';
import type { JsHeap, PlayerStats } from '@marquee/protocol';
import type { OnlineTime } from './onlineTime';
import { systemClock, type Clock } from './timers';

export function statsPath(playerId: string): string {
  return `/_internal/players/${encodeURIComponent(playerId)}/stats`;
}

/** Chromium's non-standard performance.memory. */
interface MemoryInfo {
  usedJSHeapSize?: unknown;
  totalJSHeapSize?: unknown;
  jsHeapSizeLimit?: unknown;
}

const byteCount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** The heap of `performance.memory`, or null where the browser has none (or reports something else). */
export function readJsHeap(performance: unknown): JsHeap | null {
  const memory = (performance as { memory?: MemoryInfo } | null | undefined)?.memory;
  if (memory === null || typeof memory !== 'object') return null;
  const used = byteCount(memory.usedJSHeapSize);
  const total = byteCount(memory.totalJSHeapSize);
  const limit = byteCount(memory.jsHeapSizeLimit);
  return used === null || total === null || limit === null ? null : { used, total, limit };
}

/** Bridge failures that mean the frame did not answer (docs/protocols/bridge.md §Calls); any other is its answer. */
const SILENT_FRAME = /^(call timeout|bridge closed)/;

export interface FrameState {
  frameResponsive: boolean;
  contentVersion: number | null;
}

/**
 * Asks the frame what it shows (`getContentState`, docs/protocols/bridge.md §Player methods). The frame is
 * responsive when it answers within the bridge's call time-out, even with an error (its page runs); the content
 * version is the manifest version it answers, null on the pairing page or before content.
 */
export async function probeFrame(frame: Pick<Bridge, 'call'> | null): Promise<FrameState> {
  if (frame === null) return { frameResponsive: false, contentVersion: null };
  try {
    const state = await frame.call<{ version?: unknown } | null>('getContentState');
    const version = state?.version;
    return {
      frameResponsive: true,
      contentVersion:
        typeof version === 'number' && Number.isSafeInteger(version) && version >= 0 ? version : null,
    };
  } catch (error) {
    return { frameResponsive: !SILENT_FRAME.test((error as Error).message), contentVersion: null };
  }
}

export interface StatsSources {
  /** Epoch ms of the page load. */
  startedAt: number;
  onlineTime: Pick<OnlineTime, 'totals'>;
  /** The bridge to the content frame, when there is one. */
  frame: () => Pick<Bridge, 'call'> | null;
  /** The page's `performance`. */
  performance: unknown;
  /** The content watchdog's recoveries since the page loaded (frameWatchdog.ts), when it runs. */
  frameRecoveries?: () => number;
  clock?: Clock;
}

export async function collectPlayerStats({
  startedAt,
  onlineTime,
  frame,
  performance,
  frameRecoveries,
  clock = systemClock,
}: StatsSources): Promise<PlayerStats> {
  const { frameResponsive, contentVersion } = await probeFrame(frame());
  return {
    uptime: Math.max(0, Math.floor((clock() - startedAt) / 1000)),
    heap: readJsHeap(performance),
    frameResponsive,
    contentVersion,
    ...onlineTime.totals(),
    ...(frameRecoveries === undefined ? {} : { frameRecoveries: frameRecoveries() }),
  };
}
