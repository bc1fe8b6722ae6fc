// The plays the benchmark's simulated players send: deterministic per player and batch, so the floor inserts
// exactly the rows the server acknowledged. Each player shows 8 items of 10 s in one of four zones.

import { formatIsoWithOffset, type PlayRecord } from '@marquee/protocol';

export const BENCH_ZONES = ['Europe/London', 'America/New_York', 'America/Phoenix', 'Asia/Tokyo'] as const;
export const BENCH_ITEMS = 8;
const ITEM_MS = 10_000;

/** Batch `batch` of `size` plays of player `player`, the first starting at `base` (UTC ms). */
export function benchPlays(player: number, batch: number, size: number, base: number): PlayRecord[] {
  const timezone = BENCH_ZONES[player % BENCH_ZONES.length]!;
  return Array.from({ length: size }, (_, i) => {
    const n = batch * size + i;
    const startedAt = base + n * ITEM_MS + player;
    const item = n % BENCH_ITEMS;
    return {
      playId: `p${player.toString(36)}-${n.toString(36)}-bench`,
      itemId: `item-${item}`,
      src: `https://example.com/bench/item-${item}.png`,
      name: `Bench item ${item}`,
      startedAt,
      localStart: formatIsoWithOffset(startedAt, timezone),
      timezone,
      durationMs: ITEM_MS,
      plannedMs: ITEM_MS,
      outcome: 'completed',
    };
  });
}
