// Webhooks (docs/webhooks.md): an organisation's receivers with their signing secrets, one delivery per event and
// receiver (unique per event id and webhook, so an event emitted twice is stored once), leased by the node that
// sends it, and every attempt made.

import type { Kysely, Migration } from 'kysely';

export const webhooksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhooks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('events', 'text', (col) => col.notNull())
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('webhooks_org_id').on('webhooks').column('org_id').execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('webhook_id', 'text', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('event_id', 'text', (col) => col.notNull())
      .addColumn('event', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('lease_until', 'bigint')
      .addColumn('lease_owner', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('delivered_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_event')
      .on('webhook_deliveries')
      .columns(['event_id', 'webhook_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['state', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_created')
      .on('webhook_deliveries')
      .column('created_at')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_webhook')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('delivery_id', 'text', (col) =>
        col.notNull().references('webhook_deliveries.id').onDelete('cascade'),
      )
      .addColumn('attempted_at', 'bigint', (col) => col.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (col) => col.notNull())
      .addColumn('next_retry_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('webhook_attempts_delivery')
      .on('webhook_attempts')
      .columns(['delivery_id', 'attempted_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhooks']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
