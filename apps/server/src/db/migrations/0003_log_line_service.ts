// A log line names the service that sent it ('meet-player', 'marquee-player'), which the studio shows beside it;
// lines stored before say nothing (null).

import type { Migration } from 'kysely';

export const logLineServiceMigration: Migration = {
  async up(db) {
    await db.schema.alterTable('logs').addColumn('service', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('logs').dropColumn('service').execute();
  },
};
