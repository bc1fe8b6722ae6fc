// The one ordered list of migrations, run at start on either engine. Append new migrations at the end with the
// next number ('0002_…'); never edit or reorder one that has shipped.

import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseDialect } from '../database';
import type { Database } from '../schema';
import { initialMigration } from './0001_initial';
import { armedDisconnectsByPlayerMigration } from './0002_armed_disconnects_by_player';
import { logLineServiceMigration } from './0003_log_line_service';
import { playerStatsMigration } from './0004_player_stats';
import { schedulesMigration } from './0005_schedules';
import { playsMigration } from './0006_plays';
import { webhooksMigration } from './0007_webhooks';
import { screenHealthMigration } from './0008_screen_health';
import { teamsMigration } from './0009_teams';
import { auditFiltersMigration } from './0010_audit_filters';
import { layoutsMigration } from './0011_layouts';
import { healthIntervalsByScreenMigration } from './0012_health_intervals_by_screen';
import { screensByNameMigration } from './0013_screens_by_name';

export function migrationsFor(dialect: DatabaseDialect): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_armed_disconnects_by_player': armedDisconnectsByPlayerMigration,
    '0003_log_line_service': logLineServiceMigration,
    '0004_player_stats': playerStatsMigration,
    '0005_schedules': schedulesMigration,
    '0006_plays': playsMigration(dialect),
    '0007_webhooks': webhooksMigration,
    '0008_screen_health': screenHealthMigration,
    '0009_teams': teamsMigration,
    '0010_audit_filters': auditFiltersMigration,
    '0011_layouts': layoutsMigration(dialect),
    '0012_health_intervals_by_screen': healthIntervalsByScreenMigration,
    '0013_screens_by_name': screensByNameMigration,
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DatabaseDialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.dialect);
  }
}

/** Applies every pending migration and names those applied; throws, naming the one that failed, on failure. */
export async function migrateToLatest(db: Kysely<Database>, dialect: DatabaseDialect): Promise<string[]> {
  // Migrations see the schema as it was when they were written, not today's Database type.
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    provider: new InCodeMigrationProvider(dialect),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `${failed.migrationName} ` : ''}failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
