// The hourly rollups a batch adds to (docs/proof-of-play.md §Rollups and zones): its new plays and folds summed per screen x
// playlist x item x local hour in memory first, so a batch of 500 plays is one upsert of a few rows, not 500.

import type { Insertable } from 'kysely';
import type { PlayRollupsTable } from '../db/schema';
import type { LocalTime } from './localHour';

export type RollupRow = Insertable<PlayRollupsTable>;

export interface RollupSource {
  orgId: string;
  screenId: string;
  playlistId?: string | null;
  itemId?: string | null;
  src: string;
  name: string | null;
  timezone: string;
  local: LocalTime;
  /** How many plays, their total time, and each outcome's share. */
  plays: number;
  durationMs: number;
  outcome: 'completed' | 'interrupted' | 'skipped' | 'error' | 'folded';
}

/** The key of an item in the rollups: its id in its playlist when it has one, else what it showed. */
export const itemKeyOf = (source: { itemId?: string | null; src: string }) => source.itemId ?? source.src;

const OUTCOME_COLUMN = {
  completed: 'completed',
  interrupted: 'interrupted',
  skipped: 'skipped',
  error: 'errors',
  folded: 'folded',
} as const;

/** The rollup rows of `sources`, one per key (an upsert may touch a row only once). */
export function rollupRows(sources: Iterable<RollupSource>): RollupRow[] {
  const rows = new Map<string, RollupRow & { plays: number; duration_ms: number }>();
  for (const source of sources) {
    const playlistKey = source.playlistId ?? '';
    const itemKey = itemKeyOf(source);
    const key = [source.screenId, source.local.hourStart, playlistKey, itemKey].join('\u0000');
    let row = rows.get(key);
    if (row === undefined) {
      row = {
        org_id: source.orgId,
        hour_start: source.local.hourStart,
        screen_id: source.screenId,
        playlist_key: playlistKey,
        item_key: itemKey,
        local_hour: source.local.hourLabel,
        local_date: source.local.date,
        timezone: source.timezone,
        playlist_id: source.playlistId ?? null,
        item_id: source.itemId ?? null,
        src: source.src,
        name: source.name,
        plays: 0,
        duration_ms: 0,
        completed: 0,
        interrupted: 0,
        skipped: 0,
        errors: 0,
        folded: 0,
      };
      rows.set(key, row);
    }
    row.plays += source.plays;
    row.duration_ms += source.durationMs;
    row[OUTCOME_COLUMN[source.outcome]] = (row[OUTCOME_COLUMN[source.outcome]] as number) + source.plays;
    if (source.name !== null) row.name = source.name;
  }
  return [...rows.values()];
}
