// Layouts and feeds (docs/layouts.md, docs/data-model.md §Tables): layouts with their zones as JSON, the playlists
// their zones play (so a playlist in a layout cannot be deleted and a playlist's change finds its layouts), the
// feeds the server fetches for feed apps, and a layout as the content of a schedule, an override or a screen. A
// schedule plays a playlist or a layout, so its playlist_id becomes nullable: PostgreSQL drops the constraint,
// SQLite (which cannot) rebuilds the table with the same columns and indexes.

import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { DatabaseDialect } from '../database';

const SCHEDULE_COLUMNS = [
  'id',
  'org_id',
  'name',
  'playlist_id',
  'targets',
  'priority',
  'starts_on',
  'ends_on',
  'days',
  'from_time',
  'to_time',
  'timezone',
  'ends_at',
  'dropped',
  'created_at',
  'updated_at',
] as const;

/** The schedules table of 0005 with playlist_id nullable and layout_id added. */
function schedulesTable<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('playlist_id', 'text', (col) => col.references('playlists.id'))
    .addColumn('targets', 'text', (col) => col.notNull())
    .addColumn('priority', 'integer', (col) => col.notNull())
    .addColumn('starts_on', 'text', (col) => col.notNull())
    .addColumn('ends_on', 'text')
    .addColumn('days', 'text')
    .addColumn('from_time', 'text')
    .addColumn('to_time', 'text')
    .addColumn('timezone', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'bigint')
    .addColumn('dropped', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('layout_id', 'text', (col) => col.references('layouts.id'));
}

async function scheduleIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('schedules_org_id').on('schedules').column('org_id').execute();
  await db.schema.createIndex('schedules_ends_at').on('schedules').columns(['dropped', 'ends_at']).execute();
}

export function layoutsMigration(dialect: DatabaseDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('layouts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('aspect', 'text', (col) => col.notNull())
        .addColumn('background', 'text', (col) => col.notNull())
        .addColumn('duration_ms', 'integer', (col) => col.notNull())
        .addColumn('zones', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('layouts_org_id').on('layouts').column('org_id').execute();

      await db.schema
        .createTable('layout_playlists')
        .addColumn('layout_id', 'text', (col) => col.notNull().references('layouts.id').onDelete('cascade'))
        .addColumn('playlist_id', 'text', (col) => col.notNull().references('playlists.id'))
        .addColumn('org_id', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('layout_playlists_pk', ['layout_id', 'playlist_id'])
        .execute();
      await db.schema
        .createIndex('layout_playlists_playlist_id')
        .on('layout_playlists')
        .column('playlist_id')
        .execute();

      await db.schema
        .createTable('feeds')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
        .addColumn('url', 'text', (col) => col.notNull())
        // The last good cleaned copy (CleanFeed as JSON); null until a fetch succeeded.
        .addColumn('body', 'text')
        .addColumn('fetched_at', 'bigint')
        .addColumn('checked_at', 'bigint')
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('feeds_org_url', ['org_id', 'url'])
        .execute();

      if (dialect === 'postgres') {
        await sql`ALTER TABLE schedules ALTER COLUMN playlist_id DROP NOT NULL`.execute(db);
        await db.schema
          .alterTable('schedules')
          .addColumn('layout_id', 'text', (col) => col.references('layouts.id'))
          .execute();
      } else {
        // No table references schedules, so it can be dropped and renamed with foreign keys on.
        await schedulesTable(db.schema.createTable('schedules_rebuilt')).execute();
        const columns = sql.raw(SCHEDULE_COLUMNS.join(', '));
        await sql`INSERT INTO schedules_rebuilt (${columns}) SELECT ${columns} FROM schedules`.execute(db);
        await db.schema.dropTable('schedules').execute();
        await db.schema.alterTable('schedules_rebuilt').renameTo('schedules').execute();
        await scheduleIndexes(db);
      }
      await db.schema
        .alterTable('overrides')
        .addColumn('layout_id', 'text', (col) => col.references('layouts.id'))
        .execute();
      await db.schema
        .alterTable('screens')
        .addColumn('default_layout_id', 'text', (col) => col.references('layouts.id'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('screens').dropColumn('default_layout_id').execute();
      // Schedules and overrides of a layout have no playlist to fall back to.
      await sql`DELETE FROM schedules WHERE layout_id IS NOT NULL`.execute(db);
      await sql`DELETE FROM overrides WHERE layout_id IS NOT NULL`.execute(db);
      await db.schema.alterTable('schedules').dropColumn('layout_id').execute();
      await db.schema.alterTable('overrides').dropColumn('layout_id').execute();
      await db.schema.dropTable('feeds').execute();
      await db.schema.dropTable('layout_playlists').execute();
      await db.schema.dropTable('layouts').execute();
    },
  };
}
