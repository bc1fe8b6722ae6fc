// The filters of a plays listing or summary as Kysely conditions on the raw plays or the rollups. A date bound is a
// local day in each screen's own zone (compared with the stored local date), an instant bound compares the UTC
// start; a date bound also narrows the UTC start by the widest zone offsets, so the (org, start) index serves both.

import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { parsePlayBound, type PlayBound, type PlayFilters } from '@marquee/management-api';
import type { Database } from '../db/schema';
import { invalid } from '../domain/errors';
import type { GroupService } from '../groups/groupService';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Local time runs at most 14 hours ahead of UTC (Kiribati) and 12 behind. */
const MAX_AHEAD_MS = 14 * HOUR_MS;
const MAX_BEHIND_MS = 12 * HOUR_MS;

export interface ResolvedFilters {
  orgId: string;
  from: PlayBound;
  to: PlayBound;
  /** The screens to keep; null: every screen of the organisation. */
  screenIds: string[] | null;
  playlistId: string | null;
}

function bound(text: string, field: string): PlayBound {
  const parsed = parsePlayBound(text);
  if (parsed === null) throw invalid('BAD_QUERY', `${field} must be a date or a date and time`, field);
  return parsed;
}

/** The filters of `query` for `orgId`; a group is read into its screens now. */
export async function resolveFilters(
  orgId: string,
  query: PlayFilters,
  groups: Pick<GroupService, 'find' | 'screensOf'>,
): Promise<ResolvedFilters> {
  let screenIds: string[] | null = query.screenId === undefined ? null : [query.screenId];
  if (query.groupId !== undefined) {
    try {
      await groups.find(orgId, query.groupId);
    } catch {
      throw invalid('UNKNOWN_GROUP', `No group ${query.groupId} in your organisation`, 'groupId');
    }
    const members = await groups.screensOf(orgId, { screenIds: [], groupIds: [query.groupId], all: false });
    screenIds = screenIds === null ? [...members] : screenIds.filter((id) => members.has(id));
  }
  return {
    orgId,
    from: bound(query.from, 'from'),
    to: bound(query.to, 'to'),
    screenIds,
    playlistId: query.playlistId ?? null,
  };
}

type Table = 'plays' | 'play_rollups';

/** The conditions of `filters` on `table` (its UTC time column and how it names the playlist). */
export function filterConditions<T extends Table>(
  eb: ExpressionBuilder<Database, T>,
  table: T,
  filters: ResolvedFilters,
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, Table>;
  const time = table === 'plays' ? 'started_at' : 'hour_start';
  const conditions: Expression<SqlBool>[] = [e('org_id', '=', filters.orgId)];
  const { from, to } = filters;
  if (from.kind === 'instant') conditions.push(e(time, '>=', from.at));
  else {
    conditions.push(e('local_date', '>=', from.date));
    conditions.push(e(time, '>=', Date.parse(`${from.date}T00:00:00Z`) - MAX_AHEAD_MS - HOUR_MS));
  }
  if (to.kind === 'instant') conditions.push(e(time, '<', to.at));
  else {
    conditions.push(e('local_date', '<=', to.date));
    conditions.push(e(time, '<', Date.parse(`${to.date}T00:00:00Z`) + DAY_MS + MAX_BEHIND_MS));
  }
  if (filters.screenIds !== null) {
    conditions.push(filters.screenIds.length === 0 ? e.lit(false) : e('screen_id', 'in', filters.screenIds));
  }
  if (filters.playlistId !== null) {
    conditions.push(
      table === 'plays'
        ? e('plays.playlist_id', '=', filters.playlistId)
        : e('play_rollups.playlist_key', '=', filters.playlistId),
    );
  }
  return e.and(conditions);
}
