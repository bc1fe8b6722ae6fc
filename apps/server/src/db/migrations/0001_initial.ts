// Every table of docs/data-model.md §Tables, for both engines (see db/schema.ts for the column conventions).

import type { Kysely, Migration } from 'kysely';
import type { DatabaseDialect } from '../database';

export function initialMigration(dialect: DatabaseDialect): Migration {
  // The one type the two engines spell differently.
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('orgs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('allow_clone_screen_by_hardware_id', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('exempt_from_duplicate_checks', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('org_id', 'text', (col) => col.references('orgs.id').onDelete('set null'))
        .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('valid_since', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_login_at', 'bigint')
        .execute();
      await db.schema.createIndex('users_org_id').on('users').column('org_id').execute();

      await db.schema
        .createTable('player_accounts')
        .addColumn('uid', 'text', (col) => col.primaryKey())
        .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('valid_since', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_login_at', 'bigint')
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('uid', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('issued_at', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('refresh_tokens_uid')
        .on('refresh_tokens')
        .columns(['kind', 'uid'])
        .execute();

      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (col) => col.primaryKey())
        .addColumn('algorithm', 'text', (col) => col.notNull())
        .addColumn('private_jwk', 'text', (col) => col.notNull())
        .addColumn('public_jwk', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('retired_at', 'bigint')
        .execute();

      await db.schema
        .createTable('players')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('hardware_id', 'text')
        .addColumn('platform', 'text')
        .addColumn('model', 'text')
        .addColumn('version', 'text')
        .addColumn('screen_id', 'text')
        .addColumn('org_id', 'text', (col) => col.references('orgs.id').onDelete('set null'))
        .addColumn('secret_hash', 'text', (col) => col.notNull())
        .addColumn('credential_generation', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('pairing_code', 'text', (col) => col.unique())
        .addColumn('blocked', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('last_heartbeat_at', 'bigint')
        .addColumn('last_heartbeat', 'text')
        .addColumn('last_ip', 'text')
        .addColumn('last_device_record', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('players_hardware_id').on('players').column('hardware_id').execute();
      await db.schema.createIndex('players_org_id').on('players').column('org_id').execute();
      await db.schema.createIndex('players_screen_id').on('players').column('screen_id').execute();

      await db.schema
        .createTable('screens')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('settings', 'text', (col) => col.notNull())
        .addColumn('player_id', 'text', (col) => col.unique().references('players.id').onDelete('set null'))
        .addColumn('content_version', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('screens_org_id').on('screens').column('org_id').execute();

      await db.schema
        .createTable('commands')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('player_id', 'text', (col) => col.notNull().references('players.id').onDelete('cascade'))
        .addColumn('screen_id', 'text')
        .addColumn('org_id', 'text')
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('param', 'text')
        .addColumn('raised_at', 'bigint', (col) => col.notNull())
        .addColumn('acknowledged_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('commands_player_name')
        .on('commands')
        .columns(['player_id', 'name', 'raised_at'])
        .execute();
      await db.schema
        .createIndex('commands_screen')
        .on('commands')
        .columns(['screen_id', 'raised_at'])
        .execute();

      await db.schema
        .createTable('media')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
        .addColumn('filename', 'text', (col) => col.notNull())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('size', 'bigint', (col) => col.notNull())
        .addColumn('sha256', 'text', (col) => col.notNull())
        .addColumn('data', binary)
        .addColumn('storage_path', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('media_org').on('media').columns(['org_id', 'created_at']).execute();

      // Logs and error reports outlive their player (no foreign key): ingest never fails on a deleted player.
      await db.schema
        .createTable('logs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('player_id', 'text')
        .addColumn('org_id', 'text')
        .addColumn('level', 'text', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('data', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('logs_player').on('logs').columns(['player_id', 'created_at']).execute();
      await db.schema.createIndex('logs_created').on('logs').column('created_at').execute();

      await db.schema
        .createTable('error_reports')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('player_id', 'text')
        .addColumn('org_id', 'text')
        .addColumn('service', 'text')
        .addColumn('message', 'text')
        .addColumn('data', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('error_reports_player')
        .on('error_reports')
        .columns(['player_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('screenshots')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('player_id', 'text', (col) => col.notNull().references('players.id').onDelete('cascade'))
        .addColumn('screen_id', 'text')
        .addColumn('org_id', 'text')
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('data', binary, (col) => col.notNull())
        .addColumn('taken_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('screenshots_player')
        .on('screenshots')
        .columns(['player_id', 'taken_at'])
        .execute();

      await db.schema
        .createTable('realtime_documents')
        .addColumn('path', 'text', (col) => col.primaryKey())
        .addColumn('revision', 'bigint', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('server_nodes')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('started_at', 'bigint', (col) => col.notNull())
        .addColumn('lease_expires_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('armed_disconnects')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('node_id', 'text', (col) => col.notNull())
        .addColumn('connection_id', 'text', (col) => col.notNull())
        .addColumn('player_id', 'text')
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('op', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('armed_disconnects_node')
        .on('armed_disconnects')
        .column('node_id')
        .execute();
      await db.schema
        .createIndex('armed_disconnects_connection')
        .on('armed_disconnects')
        .column('connection_id')
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'armed_disconnects',
        'server_nodes',
        'realtime_documents',
        'screenshots',
        'error_reports',
        'logs',
        'media',
        'commands',
        'screens',
        'players',
        'signing_keys',
        'refresh_tokens',
        'player_accounts',
        'users',
        'orgs',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
