// Screen health and alerts (docs/screen-health.md): each screen's current health (online/offline since when, when it
// was last seen) and its history as state intervals for the uptime bar; the organisations' alert rules, what they
// sent per outage (so "once per outage" holds across restarts and nodes), and mass-outage incidents, at most one
// open per organisation (a partial unique index: the node that inserts it announces it).

import { sql, type Migration } from 'kysely';

export const screenHealthMigration: Migration = {
  async up(db) {
    await db.schema
      .createTable('screen_health')
      .addColumn('screen_id', 'text', (col) => col.primaryKey().references('screens.id').onDelete('cascade'))
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('since', 'bigint', (col) => col.notNull())
      .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('screen_health_org_id').on('screen_health').column('org_id').execute();

    await db.schema
      .createTable('health_intervals')
      .addColumn('screen_id', 'text', (col) => col.notNull().references('screens.id').onDelete('cascade'))
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('started_at', 'bigint', (col) => col.notNull())
      .addColumn('ended_at', 'bigint')
      .addPrimaryKeyConstraint('health_intervals_pk', ['screen_id', 'started_at'])
      .execute();
    await db.schema
      .createIndex('health_intervals_ended_at')
      .on('health_intervals')
      .column('ended_at')
      .execute();

    await db.schema
      .createTable('alert_rules')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('targets', 'text', (col) => col.notNull())
      .addColumn('offline_after_seconds', 'integer', (col) => col.notNull())
      .addColumn('notify_recovery', 'integer', (col) => col.notNull())
      .addColumn('webhook_ids', 'text', (col) => col.notNull())
      .addColumn('emails', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('alert_rules_org_id').on('alert_rules').column('org_id').execute();

    await db.schema
      .createTable('alert_outages')
      .addColumn('rule_id', 'text', (col) => col.notNull().references('alert_rules.id').onDelete('cascade'))
      .addColumn('screen_id', 'text', (col) => col.notNull().references('screens.id').onDelete('cascade'))
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('outage_since', 'bigint', (col) => col.notNull())
      .addColumn('alerted_at', 'bigint')
      .addColumn('incident_id', 'text')
      .addColumn('recovered_at', 'bigint')
      .addPrimaryKeyConstraint('alert_outages_pk', ['rule_id', 'screen_id', 'outage_since'])
      .execute();
    await db.schema
      .createIndex('alert_outages_open')
      .on('alert_outages')
      .columns(['org_id', 'recovered_at'])
      .execute();

    await db.schema
      .createTable('fleet_incidents')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('started_at', 'bigint', (col) => col.notNull())
      .addColumn('screen_ids', 'text', (col) => col.notNull())
      .addColumn('announced_at', 'bigint', (col) => col.notNull())
      .addColumn('recovered_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('fleet_incidents_one_open')
      .unique()
      .on('fleet_incidents')
      .column('org_id')
      .where(sql.ref('recovered_at'), 'is', null)
      .execute();
  },
  async down(db) {
    for (const table of [
      'fleet_incidents',
      'alert_outages',
      'alert_rules',
      'health_intervals',
      'screen_health',
    ])
      await db.schema.dropTable(table).execute();
  },
};
