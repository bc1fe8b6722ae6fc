// Newest-first pages of a player's rows (log lines, error reports): ordered by time then id, each page asking for
// one row more than it shows to know whether another follows. The cursor is the time and id of a page's last row,
// so a page stays exact while new rows arrive.

import { sql, type SelectQueryBuilder } from 'kysely';
import { PAGE_CURSOR_PATTERN, PAGE_CURSOR_MESSAGE } from '@marquee/management-api';
import type { Database } from '../db/schema';
import { invalid } from '../domain/errors';

interface PagedRow {
  id: string;
  created_at: number;
}

interface Page<Row> {
  rows: Row[];
  nextCursor: string | null;
}

function parseCursor(cursor: string | undefined): { time: number; id: string } | null {
  if (cursor === undefined) return null;
  const match = PAGE_CURSOR_PATTERN.exec(cursor);
  if (match === null) throw invalid('INVALID_CURSOR', `cursor ${PAGE_CURSOR_MESSAGE}`, 'cursor');
  return { time: Number(match[1]), id: match[2] as string };
}

/** The page of `query` (rows of `table`) after `cursor`, at most `limit` rows. */
export async function newestFirst<
  Table extends 'logs' | 'error_reports' | 'webhook_deliveries',
  Row extends PagedRow,
>(
  query: SelectQueryBuilder<Database, Table, Row>,
  limit: number,
  cursor: string | undefined,
): Promise<Page<Row>> {
  const after = parseCursor(cursor);
  const [time, id] = [sql.ref('created_at'), sql.ref('id')];
  const paged =
    after === null
      ? query
      : query.where(
          sql<boolean>`(${time} < ${after.time} or (${time} = ${after.time} and ${id} < ${after.id}))`,
        );
  const rows = await paged
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor: rows.length > limit && last !== undefined ? `${last.created_at}_${last.id}` : null,
  };
}
