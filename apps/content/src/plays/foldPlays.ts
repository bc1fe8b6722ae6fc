// Plays a full device buffer cannot keep one by one become counts per item and local hour of the screen
// (FoldedPlays in packages/protocol/src/plays.ts): an advertiser still gets how many times and how long, only not
// each start. The hour is the screen's local hour with its offset, so the autumn hour that repeats is two counts.

import { formatIsoWithOffset, localHourStart, type FoldedPlays, type PlayRecord } from '@marquee/protocol';

export function foldPlays(records: readonly PlayRecord[], newId: () => string): FoldedPlays[] {
  const folds = new Map<string, FoldedPlays>();
  for (const record of records) {
    const hourStart = localHourStart(record.startedAt, record.timezone);
    const playlistId = record.playlistId ?? null;
    const itemId = record.itemId ?? null;
    const key = JSON.stringify([record.timezone, hourStart, playlistId, itemId, record.src]);
    const fold = folds.get(key);
    if (fold !== undefined) {
      fold.count += 1;
      fold.durationMs += record.durationMs;
      continue;
    }
    folds.set(key, {
      localHour: formatIsoWithOffset(hourStart, record.timezone),
      hourStart,
      timezone: record.timezone,
      playlistId,
      itemId,
      src: record.src,
      name: record.name ?? null,
      count: 1,
      durationMs: record.durationMs,
      foldId: newId(),
    });
  }
  return [...folds.values()];
}
