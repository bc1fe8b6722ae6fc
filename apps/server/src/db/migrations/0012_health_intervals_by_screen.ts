// A screen's open health interval is found by its screen (the primary key's first column), never by "ended_at is
// null": with an index on ended_at, SQLite chose it for the close of a batch's intervals (healthTransitions.ts) and
// read every open interval of the fleet (one per screen) for each batch of 100 screens; a 20,000-screen fleet
// coming online held the event loop for half a second. Nothing else reads by ended_at (uptime reads one screen's).

import type { Migration } from 'kysely';

export const healthIntervalsByScreenMigration: Migration = {
  async up(db) {
    await db.schema.dropIndex('health_intervals_ended_at').execute();
  },
  async down(db) {
    await db.schema
      .createIndex('health_intervals_ended_at')
      .on('health_intervals')
      .column('ended_at')
      .execute();
  },
};
