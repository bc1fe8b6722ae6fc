// The screens list pages by (name, id) within an organisation (screens/screenList.ts): with an index in that order a
// page is a range of it, read from the last page's position. With only the index by organisation each page read and
// sorted every screen of the organisation: a fleet of 20,000 paged 200 at a time read 2,000,000 rows. The new
// index begins with org_id, so the one by organisation alone goes.

import type { Migration } from 'kysely';

export const screensByNameMigration: Migration = {
  async up(db) {
    await db.schema.createIndex('screens_org_name').on('screens').columns(['org_id', 'name', 'id']).execute();
    await db.schema.dropIndex('screens_org_id').execute();
  },
  async down(db) {
    await db.schema.createIndex('screens_org_id').on('screens').column('org_id').execute();
    await db.schema.dropIndex('screens_org_name').execute();
  },
};
