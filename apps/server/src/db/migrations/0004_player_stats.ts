// The latest runtime stats of each player (docs/player.md §Stats): one row per player, replaced by every report,
// so the table never holds more rows than there are players; it goes with its player (hard reset).

import type { Migration } from 'kysely';

export const playerStatsMigration: Migration = {
  async up(db) {
    await db.schema
      .createTable('player_stats')
      .addColumn('player_id', 'text', (col) => col.primaryKey().references('players.id').onDelete('cascade'))
      .addColumn('stats', 'text', (col) => col.notNull())
      .addColumn('reported_at', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('player_stats').execute();
  },
};
