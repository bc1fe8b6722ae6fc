import { expect, it } from 'vitest';
import { describeOnBothEngines } from '../../test/harness/databases';
import { insertOrg, insertPlayer } from '../../test/harness/fixtures';
import { isUniqueViolation } from './database';
import { migrateToLatest } from './migrations';

/** The tables of docs/data-model.md §Tables (group_screens and override_screens are in their parents' rows). */
const TABLES = [
  'alert_outages',
  'alert_rules',
  'api_keys',
  'armed_disconnects',
  'audit_log',
  'commands',
  'error_reports',
  'feeds',
  'fleet_incidents',
  'group_screens',
  'health_intervals',
  'invitations',
  'layout_playlists',
  'layouts',
  'logs',
  'media',
  'org_sso',
  'orgs',
  'override_screens',
  'overrides',
  'password_resets',
  'play_folds',
  'play_rollups',
  'player_accounts',
  'player_stats',
  'players',
  'playlists',
  'plays',
  'realtime_documents',
  'refresh_tokens',
  'schedules',
  'screen_groups',
  'screen_health',
  'screen_tags',
  'screens',
  'screenshots',
  'server_nodes',
  'signing_keys',
  'sso_logins',
  'users',
  'webhook_attempts',
  'webhook_deliveries',
  'webhooks',
];

describeOnBothEngines('database', (database) => {
  it('has every table of docs/data-model.md §Tables after the migrations, and migrating again changes nothing', async () => {
    const { db, dialect } = database();
    const tables = (await db.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => !name.startsWith('kysely_'));
    expect(tables.sort()).toEqual(TABLES);
    expect(await migrateToLatest(db, dialect)).toEqual([]);
  });

  it('reads epoch milliseconds and revisions back as numbers', async () => {
    const { db } = database();
    const now = Date.UTC(2030, 0, 1);
    await db
      .insertInto('realtime_documents')
      .values({ path: 'players/big', revision: 2 ** 40, value: '{}', updated_at: now })
      .execute();
    const row = await db
      .selectFrom('realtime_documents')
      .selectAll()
      .where('path', '=', 'players/big')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ path: 'players/big', revision: 2 ** 40, value: '{}', updated_at: now });
  });

  it('keeps pairing codes unique among players that have one, any number of players without', async () => {
    const { db } = database();
    await insertPlayer(db, { pairing_code: null });
    await insertPlayer(db, { pairing_code: null });
    await insertPlayer(db, { pairing_code: 'ABCDEF' });
    const error = await insertPlayer(db, { pairing_code: 'ABCDEF' }).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('stores binary data and cascades a player deletion to its commands and screenshots', async () => {
    const { db } = database();
    const orgId = await insertOrg(db);
    const playerId = await insertPlayer(db, { org_id: orgId });
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await db
      .insertInto('screenshots')
      .values({
        id: 's1',
        player_id: playerId,
        screen_id: null,
        org_id: orgId,
        content_type: 'image/png',
        data: bytes,
        taken_at: 1,
      })
      .execute();
    await db
      .insertInto('commands')
      .values({
        id: 'c1',
        player_id: playerId,
        screen_id: null,
        org_id: orgId,
        name: 'mute',
        param: null,
        raised_at: 1,
        acknowledged_at: null,
      })
      .execute();
    const shot = await db
      .selectFrom('screenshots')
      .select('data')
      .where('id', '=', 's1')
      .executeTakeFirstOrThrow();
    expect(Buffer.from(shot.data).equals(bytes)).toBe(true);
    await db.deleteFrom('players').where('id', '=', playerId).execute();
    expect(
      await db.selectFrom('screenshots').select('id').where('player_id', '=', playerId).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('commands').select('id').where('player_id', '=', playerId).execute()).toEqual(
      [],
    );
  });
});
