// Proof of play read back (docs/proof-of-play.md §The API): the organisation's plays in start order a page at a time
// (keyset paging on the (org, start, screen, play) index), the same as a CSV stream read a page at a time, and
// summaries from the hourly rollups grouped by item, screen, local day or local hour.

import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  PlayListQuery,
  PlayPage,
  PlaySummary,
  PlaySummaryQuery,
  PlaySummaryRow,
  PlayView,
} from '@marquee/management-api';
import type { Database, PlaysTable } from '../db/schema';
import type { GroupService } from '../groups/groupService';
import { decodePageCursor, encodePageCursor } from '../domain/pageCursor';
import { playCsvHeader, playCsvLine } from './playCsv';
import { filterConditions, resolveFilters, type ResolvedFilters } from './playFilters';

/** Rows read per query while streaming CSV. */
const CSV_PAGE_SIZE = 2000;

const iso = (ms: number) => new Date(ms).toISOString();

function view(row: Selectable<PlaysTable>): PlayView {
  return {
    playId: row.play_id,
    screenId: row.screen_id,
    playlistId: row.playlist_id,
    scheduleId: row.schedule_id,
    overrideId: row.override_id,
    itemId: row.item_id,
    src: row.src,
    name: row.name,
    startedAt: iso(Number(row.started_at)),
    localStart: row.local_start,
    timezone: row.timezone,
    durationMs: Number(row.duration_ms),
    plannedMs: row.planned_ms === null ? null : Number(row.planned_ms),
    outcome: row.outcome,
    error: row.error,
    receivedAt: iso(Number(row.received_at)),
    clockSkew: Number(row.clock_skew) === 1,
  };
}

/** A plays listing's position: the last row's (start, screen, play id). */
function playPosition(cursor: string) {
  const [startedAt, screenId, playId] = decodePageCursor(cursor, ['integer', 'string', 'string']);
  return { startedAt, screenId, playId };
}

export class PlayReportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly groups: Pick<GroupService, 'find' | 'screensOf'>,
  ) {}

  /** A page of the organisation's plays matching `query`, oldest first. */
  async list(orgId: string, query: PlayListQuery): Promise<PlayPage> {
    const filters = await resolveFilters(orgId, query, this.groups);
    const after = query.cursor === undefined ? null : playPosition(query.cursor);
    const rows = await this.page(filters, after, query.limit + 1);
    const more = rows.length > query.limit;
    const shown = more ? rows.slice(0, query.limit) : rows;
    const last = shown.at(-1);
    return {
      plays: shown.map(view),
      nextCursor:
        more && last !== undefined
          ? encodePageCursor([Number(last.started_at), last.screen_id, last.play_id])
          : null,
    };
  }

  /**
   * The plays matching `query` as CSV, read a page at a time while the client takes them (the filters are checked
   * before the first line, so a bad query is still a 400).
   */
  async csv(orgId: string, query: PlayListQuery): Promise<AsyncIterable<string>> {
    const filters = await resolveFilters(orgId, query, this.groups);
    const screenNames = await this.screenNames(orgId);
    return this.csvLines(filters, screenNames);
  }

  private async *csvLines(
    filters: ResolvedFilters,
    screenNames: Map<string, string>,
  ): AsyncGenerator<string> {
    yield playCsvHeader();
    let after: { startedAt: number; screenId: string; playId: string } | null = null;
    for (;;) {
      const rows = await this.page(filters, after, CSV_PAGE_SIZE);
      if (rows.length > 0) {
        yield rows.map((row) => playCsvLine(view(row), screenNames.get(row.screen_id) ?? null)).join('');
      }
      const last = rows.at(-1);
      if (rows.length < CSV_PAGE_SIZE || last === undefined) return;
      after = { startedAt: Number(last.started_at), screenId: last.screen_id, playId: last.play_id };
    }
  }

  /** Counts and seconds of the organisation's plays matching `query`, from the rollups. */
  async summary(orgId: string, query: PlaySummaryQuery): Promise<PlaySummary> {
    const filters = await resolveFilters(orgId, query, this.groups);
    const groupBy = query.groupBy;
    const has = (group: string) => groupBy.includes(group as never);
    const keys = [
      ...(has('item') ? (['item_key'] as const) : []),
      ...(has('screen') ? (['screen_id'] as const) : []),
      ...(has('day') ? (['local_date'] as const) : []),
      ...(has('hour') ? (['local_hour'] as const) : []),
    ];
    // Plain sums (SQLite: integers; PostgreSQL: numeric, read as text and converted below); the item's name and
    // src, and the hour's first instant, only when grouped by them: each aggregate costs on every rollup row.
    const total = (column: string) => sql<number | string>`sum(${sql.ref(column)})`;
    const rows = await this.db
      .selectFrom('play_rollups')
      .where((eb) => filterConditions(eb, 'play_rollups', filters))
      .select(keys)
      .$if(has('item'), (qb) => qb.select((eb) => [eb.fn.max('name').as('name'), eb.fn.max('src').as('src')]))
      .$if(has('hour'), (qb) => qb.select((eb) => eb.fn.min('hour_start').as('first_hour')))
      .select([
        total('plays').as('plays'),
        total('duration_ms').as('duration_ms'),
        total('completed').as('completed'),
        total('interrupted').as('interrupted'),
        total('skipped').as('skipped'),
        total('errors').as('errors'),
        total('folded').as('folded'),
      ])
      .$if(keys.length > 0, (qb) => qb.groupBy(keys))
      .execute();
    const names = has('screen') ? await this.screenNames(orgId) : new Map<string, string>();
    const ordered = [...rows].sort((a, b) => {
      if (has('day') && a.local_date !== b.local_date)
        return String(a.local_date) < String(b.local_date) ? -1 : 1;
      if (has('hour') && a.first_hour !== b.first_hour) return Number(a.first_hour) - Number(b.first_hour);
      return Number(b.plays) - Number(a.plays);
    });
    return {
      groupBy,
      rows: ordered.map((row): PlaySummaryRow => ({
        ...(has('item')
          ? { item: { key: String(row.item_key), name: row.name ?? null, src: String(row.src) } }
          : {}),
        ...(has('screen')
          ? { screen: { id: String(row.screen_id), name: names.get(String(row.screen_id)) ?? null } }
          : {}),
        ...(has('day') ? { day: String(row.local_date) } : {}),
        ...(has('hour') ? { hour: String(row.local_hour) } : {}),
        plays: Number(row.plays),
        seconds: Number(row.duration_ms) / 1000,
        completed: Number(row.completed),
        interrupted: Number(row.interrupted),
        skipped: Number(row.skipped),
        errors: Number(row.errors),
        folded: Number(row.folded),
      })),
    };
  }

  private page(
    filters: ResolvedFilters,
    after: { startedAt: number; screenId: string; playId: string } | null,
    limit: number,
  ): Promise<Selectable<PlaysTable>[]> {
    return this.db
      .selectFrom('plays')
      .selectAll()
      .where((eb) => filterConditions(eb, 'plays', filters))
      .$if(after !== null, (qb) =>
        qb.where(({ eb, refTuple, tuple }) =>
          eb(
            refTuple('started_at', 'screen_id', 'play_id'),
            '>',
            tuple(after!.startedAt, after!.screenId, after!.playId),
          ),
        ),
      )
      .orderBy('started_at')
      .orderBy('screen_id')
      .orderBy('play_id')
      .limit(limit)
      .execute();
  }

  private async screenNames(orgId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('screens')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
