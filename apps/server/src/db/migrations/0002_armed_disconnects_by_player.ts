// The superseding check of onDisconnect (realtime/onDisconnect.ts) looks armed actions up by player and path.

import type { Migration } from 'kysely';

export const armedDisconnectsByPlayerMigration: Migration = {
  async up(db) {
    await db.schema
      .createIndex('armed_disconnects_player_path')
      .on('armed_disconnects')
      .columns(['player_id', 'path'])
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('armed_disconnects_player_path').execute();
  },
};
