// The audit log's filters by actor and by target (audit/auditService.ts) page newest first within an organisation:
// each has its own index, so a page of a rarely seen actor or target reads its own entries and not the whole log.

import type { Migration } from 'kysely';

export const auditFiltersMigration: Migration = {
  async up(db) {
    await db.schema
      .createIndex('audit_log_org_actor_at')
      .on('audit_log')
      .columns(['org_id', 'actor_id', 'at', 'id'])
      .execute();
    await db.schema
      .createIndex('audit_log_org_target_at')
      .on('audit_log')
      .columns(['org_id', 'target_id', 'at', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('audit_log_org_target_at').execute();
    await db.schema.dropIndex('audit_log_org_actor_at').execute();
  },
};
