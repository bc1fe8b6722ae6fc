// Changes to an organisation's team (roles, removals, invitations, ownership) take the organisation's row lock
// first, so two concurrent changes cannot both see two owners and each demote one (PostgreSQL's read committed
// would let them); SQLite's transactions are serialised anyway. A no-op update is the one row lock both engines
// take alike.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Locks the organisation's row until `trx` ends; false when the organisation does not exist. */
export async function lockTeam(trx: Kysely<Database>, orgId: string): Promise<boolean> {
  const result = await trx
    .updateTable('orgs')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', orgId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
