// The player's runtime stats (docs/player.md §Stats), the body of POST /_internal/players/{id}/stats
// (docs/protocols/player-api.md §Stats). Every member is a bounded number or a flag, so a report is a few hundred
// bytes; members the schema does not know are dropped, so an older server keeps what it understands.

import * as z from 'zod/mini';

/** Whole seconds, never negative (uptime, online and offline time). */
const seconds = z.int().check(z.nonnegative());
/** A size in bytes. */
const bytes = z.int().check(z.nonnegative());

export const JsHeapSchema = z.object({
  /** performance.memory.usedJSHeapSize */
  used: bytes,
  /** performance.memory.totalJSHeapSize */
  total: bytes,
  /** performance.memory.jsHeapSizeLimit */
  limit: bytes,
});
export type JsHeap = z.infer<typeof JsHeapSchema>;

export const PlayerStatsSchema = z.object({
  /** Seconds since the page loaded. */
  uptime: seconds,
  /** The page's JavaScript heap, or null where the browser does not tell it. */
  heap: z.nullable(JsHeapSchema),
  /** Whether the content frame answered a bridge call within the call time-out when the report was made. */
  frameResponsive: z.boolean(),
  /** The manifest version the frame shows; null on the pairing page, before content, or when the frame is silent. */
  contentVersion: z.nullable(z.int().check(z.nonnegative())),
  /** Seconds online and offline since the page loaded (docs/player.md §Connection states). */
  onlineSeconds: seconds,
  offlineSeconds: seconds,
  /**
   * How many times the content watchdog reloaded a frame that stopped answering, since the page loaded
   * (docs/player.md §Stats). Optional: players older than the watchdog do not send it.
   */
  frameRecoveries: z.optional(z.int().check(z.nonnegative())),
});
export type PlayerStats = z.infer<typeof PlayerStatsSchema>;
