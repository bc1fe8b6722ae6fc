// Content library, groups and tags, schedules and overrides (docs/schedules.md §Model, docs/data-model.md §Tables):
// playlists, screen groups (listed members in group_screens, tag matches from screen_tags), schedules, overrides and
// which content version first carried each override to each screen; screens gain their pinned zone, default
// playlist and timeline bookkeeping, players what they report (zone, applied content version).

import type { Kysely, Migration } from 'kysely';

export const schedulesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('playlists')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('items', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('playlists_org_id').on('playlists').column('org_id').execute();

    await db.schema
      .createTable('screen_groups')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('match_tags', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('screen_groups_org_id').on('screen_groups').column('org_id').execute();

    await db.schema
      .createTable('group_screens')
      .addColumn('group_id', 'text', (col) =>
        col.notNull().references('screen_groups.id').onDelete('cascade'),
      )
      .addColumn('screen_id', 'text', (col) => col.notNull().references('screens.id').onDelete('cascade'))
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('group_screens_pk', ['group_id', 'screen_id'])
      .execute();
    await db.schema.createIndex('group_screens_screen_id').on('group_screens').column('screen_id').execute();

    await db.schema
      .createTable('screen_tags')
      .addColumn('screen_id', 'text', (col) => col.notNull().references('screens.id').onDelete('cascade'))
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('tag', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('screen_tags_pk', ['screen_id', 'tag'])
      .execute();
    await db.schema.createIndex('screen_tags_org_tag').on('screen_tags').columns(['org_id', 'tag']).execute();

    await db.schema
      .createTable('schedules')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('playlist_id', 'text', (col) => col.notNull().references('playlists.id'))
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
      .execute();
    await db.schema.createIndex('schedules_org_id').on('schedules').column('org_id').execute();
    await db.schema
      .createIndex('schedules_ends_at')
      .on('schedules')
      .columns(['dropped', 'ends_at'])
      .execute();

    await db.schema
      .createTable('overrides')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('playlist_id', 'text', (col) => col.references('playlists.id'))
      .addColumn('message', 'text')
      .addColumn('targets', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('overrides_org_id').on('overrides').column('org_id').execute();
    await db.schema.createIndex('overrides_expires_at').on('overrides').column('expires_at').execute();

    await db.schema
      .createTable('override_screens')
      .addColumn('override_id', 'text', (col) => col.notNull().references('overrides.id').onDelete('cascade'))
      .addColumn('screen_id', 'text', (col) => col.notNull().references('screens.id').onDelete('cascade'))
      .addColumn('version', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('override_screens_pk', ['override_id', 'screen_id'])
      .execute();

    await db.schema.alterTable('screens').addColumn('timezone', 'text').execute();
    await db.schema
      .alterTable('screens')
      .addColumn('default_playlist_id', 'text', (col) => col.references('playlists.id'))
      .execute();
    await db.schema.alterTable('screens').addColumn('content_version_at', 'bigint').execute();
    await db.schema.alterTable('screens').addColumn('timeline_hash', 'text').execute();
    await db.schema.alterTable('screens').addColumn('timeline_until', 'bigint').execute();
    await db.schema.createIndex('screens_timeline_until').on('screens').column('timeline_until').execute();
    await db.schema.alterTable('players').addColumn('timezone', 'text').execute();
    await db.schema.alterTable('players').addColumn('content_version', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of [
      'timezone',
      'default_playlist_id',
      'content_version_at',
      'timeline_hash',
      'timeline_until',
    ]) {
      await db.schema.alterTable('screens').dropColumn(column).execute();
    }
    for (const column of ['timezone', 'content_version']) {
      await db.schema.alterTable('players').dropColumn(column).execute();
    }
    for (const table of [
      'override_screens',
      'overrides',
      'schedules',
      'screen_tags',
      'group_screens',
      'screen_groups',
      'playlists',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
