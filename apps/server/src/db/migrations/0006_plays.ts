// Proof of play (docs/proof-of-play.md): the raw plays the content players upload, hourly rollups per screen x item
// x local hour of the screen (what summaries read), and the ids of folded counts already counted (a fold sent twice
// is counted once). Plays keep no foreign key to their screen, playlist or media: history outlives what it names
// (names are snapshotted); they go with their organisation.

import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseDialect } from '../database';

export const playsMigration = (dialect: DatabaseDialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('plays')
      .addColumn('screen_id', 'text', (col) => col.notNull())
      .addColumn('play_id', 'text', (col) => col.notNull())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('player_id', 'text')
      .addColumn('playlist_id', 'text')
      .addColumn('schedule_id', 'text')
      .addColumn('override_id', 'text')
      .addColumn('item_id', 'text')
      .addColumn('src', 'text', (col) => col.notNull())
      .addColumn('name', 'text')
      .addColumn('started_at', 'bigint', (col) => col.notNull())
      .addColumn('local_start', 'text', (col) => col.notNull())
      .addColumn('local_date', 'text', (col) => col.notNull())
      .addColumn('timezone', 'text', (col) => col.notNull())
      .addColumn('duration_ms', 'integer', (col) => col.notNull())
      .addColumn('planned_ms', 'integer')
      .addColumn('outcome', 'text', (col) => col.notNull())
      .addColumn('error', 'text')
      .addColumn('received_at', 'bigint', (col) => col.notNull())
      .addColumn('clock_skew', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('plays_pk', ['screen_id', 'play_id'])
      .execute();
    // Listing and paging in start order within an organisation, and the retention sweep (per organisation). The
    // only index besides the key: each one costs every insert a page write.
    await db.schema
      .createIndex('plays_org_started')
      .on('plays')
      .columns(['org_id', 'started_at', 'screen_id', 'play_id'])
      .execute();

    // Keyed by organisation and hour first, so a summary reads one contiguous range; on SQLite the rows are stored
    // in key order (WITHOUT ROWID), so that range is read without a lookup per row.
    await db.schema
      .createTable('play_rollups')
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('hour_start', 'bigint', (col) => col.notNull())
      .addColumn('screen_id', 'text', (col) => col.notNull())
      /** The playlist id, or '' for none (part of the key, which cannot hold NULLs on every engine). */
      .addColumn('playlist_key', 'text', (col) => col.notNull())
      /** The item id, else its src. */
      .addColumn('item_key', 'text', (col) => col.notNull())
      .addColumn('local_hour', 'text', (col) => col.notNull())
      .addColumn('local_date', 'text', (col) => col.notNull())
      .addColumn('timezone', 'text', (col) => col.notNull())
      .addColumn('playlist_id', 'text')
      .addColumn('item_id', 'text')
      .addColumn('src', 'text', (col) => col.notNull())
      .addColumn('name', 'text')
      .addColumn('plays', 'integer', (col) => col.notNull())
      .addColumn('duration_ms', 'bigint', (col) => col.notNull())
      .addColumn('completed', 'integer', (col) => col.notNull())
      .addColumn('interrupted', 'integer', (col) => col.notNull())
      .addColumn('skipped', 'integer', (col) => col.notNull())
      .addColumn('errors', 'integer', (col) => col.notNull())
      .addColumn('folded', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('play_rollups_pk', [
        'org_id',
        'hour_start',
        'screen_id',
        'playlist_key',
        'item_key',
      ])
      .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
      .execute();

    await db.schema
      .createTable('play_folds')
      .addColumn('screen_id', 'text', (col) => col.notNull())
      .addColumn('fold_id', 'text', (col) => col.notNull())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('hour_start', 'bigint', (col) => col.notNull())
      .addColumn('received_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('play_folds_pk', ['screen_id', 'fold_id'])
      .execute();
    await db.schema
      .createIndex('play_folds_org_hour')
      .on('play_folds')
      .columns(['org_id', 'hour_start'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['play_folds', 'play_rollups', 'plays']) await db.schema.dropTable(table).execute();
  },
});
