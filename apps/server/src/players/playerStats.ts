// The players' runtime stats (docs/protocols/player-api.md §Stats): each report replaces the player's previous one
// (one row per player, so the table stays as small as the fleet), and the screen views read the latest back with
// the time it came. A stored row that no longer fits the record is left out, never passed on.

import type { Kysely } from 'kysely';
import { PlayerStatsSchema, type PlayerStats } from '@marquee/protocol';
import type { Database } from '../db/schema';
import { notFound } from '../domain/errors';

export interface ReportedStats {
  stats: PlayerStats;
  /** When the server received the report (epoch ms). */
  reportedAt: number;
}

/** A row referring to a player that is gone (deleted between its authentication and the write). */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

function parseStats(text: string): PlayerStats | null {
  try {
    const parsed = PlayerStatsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The latest report of each of `playerIds` that has one. */
export async function latestPlayerStats(
  db: Kysely<Database>,
  playerIds: readonly string[],
): Promise<Map<string, ReportedStats>> {
  const latest = new Map<string, ReportedStats>();
  if (playerIds.length === 0) return latest;
  const rows = await db
    .selectFrom('player_stats')
    .selectAll()
    .where('player_id', 'in', [...playerIds])
    .execute();
  for (const row of rows) {
    const stats = parseStats(row.stats);
    if (stats !== null) latest.set(row.player_id, { stats, reportedAt: Number(row.reported_at) });
  }
  return latest;
}

export class PlayerStatsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  /** Keeps `stats` as the player's latest report; returns when it was received. */
  async record(playerId: string, stats: PlayerStats): Promise<number> {
    const reportedAt = this.clock();
    const row = { stats: JSON.stringify(stats), reported_at: reportedAt };
    try {
      await this.db
        .insertInto('player_stats')
        .values({ player_id: playerId, ...row })
        .onConflict((conflict) => conflict.column('player_id').doUpdateSet(row))
        .execute();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound('PLAYER_NOT_FOUND', 'This player does not exist');
      throw error;
    }
    return reportedAt;
  }
}
