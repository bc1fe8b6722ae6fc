// Per-player bounds of what players send (retention, docs/security.md §Limits: unbounded logs fill disks): each
// player keeps its newest N log lines, error reports and screenshots; older ones are deleted in the same transaction
// as the insert that went over. Two indexed statements: find the newest row that falls out, delete it and everything
// older.

import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface RetentionLimits {
  logLines: number;
  errorReports: number;
  screenshots: number;
}

export const DEFAULT_RETENTION: RetentionLimits = {
  logLines: 1000,
  errorReports: 200,
  screenshots: 5,
};

type Retained =
  { table: 'logs' | 'error_reports'; time: 'created_at' } | { table: 'screenshots'; time: 'taken_at' };

export const RETAINED = {
  logs: { table: 'logs', time: 'created_at' },
  errorReports: { table: 'error_reports', time: 'created_at' },
  screenshots: { table: 'screenshots', time: 'taken_at' },
} as const satisfies Record<string, Retained>;

/**
 * Deletes the player's rows of `target` beyond the newest `keep`, newest by time then id (ids of rows written in
 * one batch ascend in the batch's order). Returns how many were deleted.
 */
export async function keepNewest(
  db: Kysely<Database>,
  target: Retained,
  playerId: string,
  keep: number,
): Promise<number> {
  const table = sql.table(target.table);
  const time = sql.ref(target.time);
  const { rows } = await sql<{ t: number | string; id: string }>`
    select ${time} as t, id from ${table} where player_id = ${playerId}
    order by ${time} desc, id desc limit 1 offset ${keep}`.execute(db);
  const first = rows[0];
  if (first === undefined) return 0;
  const cutoff = Number(first.t);
  const result = await sql`
    delete from ${table} where player_id = ${playerId}
    and (${time} < ${cutoff} or (${time} = ${cutoff} and id <= ${first.id}))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
