// Teams (docs/teams.md): members' roles (every operator so far was the only one of their organisation, so each
// becomes its owner), invitations and password-reset links (only their tokens' SHA-256 is kept), API keys (hashed),
// the append-only audit log, and each organisation's single sign-on provider with the sign-ins under way through it
// (kept in the database, so the provider's redirect may land on any node).

import type { Migration } from 'kysely';

export const teamsMigration: Migration = {
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('role', 'text', (col) => col.notNull().defaultTo('owner'))
      .execute();

    await db.schema
      .createTable('invitations')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('invited_by', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('accepted_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('invitations_org_id').on('invitations').column('org_id').execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('key_hash', 'text', (col) => col.notNull().unique())
      .addColumn('prefix', 'text', (col) => col.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('api_keys_org_id').on('api_keys').column('org_id').execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('actor_kind', 'text', (col) => col.notNull())
      .addColumn('actor_id', 'text', (col) => col.notNull())
      .addColumn('actor_name', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('target_type', 'text', (col) => col.notNull())
      .addColumn('target_id', 'text')
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('ip', 'text')
      .execute();
    // Pages go newest first by (at, id) within an organisation.
    await db.schema.createIndex('audit_log_org_at').on('audit_log').columns(['org_id', 'at', 'id']).execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

    await db.schema
      .createTable('org_sso')
      .addColumn('org_id', 'text', (col) => col.primaryKey().references('orgs.id').onDelete('cascade'))
      .addColumn('issuer', 'text', (col) => col.notNull())
      .addColumn('client_id', 'text', (col) => col.notNull())
      .addColumn('client_secret', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('sso_logins')
      .addColumn('state', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('code_verifier', 'text', (col) => col.notNull())
      .addColumn('nonce', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
  },
};
