// The multi-row INSERT of raw plays, written out once per row count and engine rather than built by Kysely's query
// builder for every batch: building a 500-row insert cost more than running it (about 17 µs a row, measured with
// the proof-of-play benchmark). Only the placeholders differ between the engines; the statement is the same.

import { CompiledQuery } from 'kysely';
import type { DatabaseDialect } from '../db/database';
import type { PlaysTable } from '../db/schema';

export const PLAY_COLUMNS = [
  'screen_id',
  'play_id',
  'org_id',
  'player_id',
  'playlist_id',
  'schedule_id',
  'override_id',
  'item_id',
  'src',
  'name',
  'started_at',
  'local_start',
  'local_date',
  'timezone',
  'duration_ms',
  'planned_ms',
  'outcome',
  'error',
  'received_at',
  'clock_skew',
] as const satisfies readonly (keyof PlaysTable)[];

const statements = new Map<string, string>();

function statement(dialect: DatabaseDialect, rows: number): string {
  const key = `${dialect}:${rows}`;
  let text = statements.get(key);
  if (text === undefined) {
    const width = PLAY_COLUMNS.length;
    const tuples = Array.from({ length: rows }, (_, row) => {
      const marks = PLAY_COLUMNS.map((_, column) =>
        dialect === 'sqlite' ? '?' : `$${row * width + column + 1}`,
      );
      return `(${marks.join(', ')})`;
    });
    text =
      `insert into plays (${PLAY_COLUMNS.join(', ')}) values ${tuples.join(', ')} ` +
      'on conflict (screen_id, play_id) do nothing returning screen_id, play_id';
    statements.set(key, text);
  }
  return text;
}

/** The insert of `rows` that skips plays already stored and answers the keys of those inserted. */
export function insertPlaysQuery(
  dialect: DatabaseDialect,
  rows: readonly PlaysTable[],
): CompiledQuery<Pick<PlaysTable, 'screen_id' | 'play_id'>> {
  const parameters: unknown[] = [];
  for (const row of rows) for (const column of PLAY_COLUMNS) parameters.push(row[column]);
  return CompiledQuery.raw(statement(dialect, rows.length), parameters);
}
