// Rows the tests need without going through the API that makes them.

import type { Kysely } from 'kysely';
import type { Database, PlayersTable } from '../../src/db/schema';
import { newId } from '../../src/ids';

export async function insertPlayer(
  db: Kysely<Database>,
  values: Partial<PlayersTable> = {},
): Promise<string> {
  const id = values.id ?? newId();
  await db
    .insertInto('players')
    .values({
      id,
      hardware_id: null,
      platform: 'browser',
      model: null,
      version: null,
      screen_id: null,
      org_id: null,
      secret_hash: 'not-a-real-hash',
      credential_generation: 1,
      pairing_code: null,
      blocked: 0,
      last_heartbeat_at: null,
      last_heartbeat: null,
      last_ip: null,
      last_device_record: null,
      created_at: 0,
      updated_at: 0,
      ...values,
    })
    .execute();
  return id;
}

export async function insertOrg(
  db: Kysely<Database>,
  values: { id?: string; name?: string; allowClone?: boolean; exempt?: boolean } = {},
): Promise<string> {
  const id = values.id ?? newId();
  await db
    .insertInto('orgs')
    .values({
      id,
      name: values.name ?? 'Org',
      allow_clone_screen_by_hardware_id: values.allowClone ? 1 : 0,
      exempt_from_duplicate_checks: values.exempt ? 1 : 0,
      created_at: 0,
    })
    .execute();
  return id;
}

export async function insertScreen(
  db: Kysely<Database>,
  values: { orgId: string; playerId?: string | null; id?: string; name?: string },
): Promise<string> {
  const id = values.id ?? newId();
  await db
    .insertInto('screens')
    .values({
      id,
      org_id: values.orgId,
      name: values.name ?? 'Screen',
      content: '{}',
      settings: '{}',
      player_id: values.playerId ?? null,
      content_version: 0,
      created_at: 0,
      updated_at: 0,
    })
    .execute();
  return id;
}
