// The durable record of a screen's health (docs/screen-health.md §Several nodes): a transition is claimed by one
// conditional UPDATE, so when several nodes notice the same one, the row count says which recorded it, and only
// that node closes the history interval, opens the next and announces it.

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export type HealthState = 'online' | 'offline';

export interface HealthTransition {
  orgId: string;
  screenId: string;
  state: HealthState;
  /** When the new state began: the moment last seen for offline, the moment it came back for online. */
  since: number;
}

async function openInterval(trx: Transaction<Database>, transition: HealthTransition): Promise<void> {
  await trx
    .updateTable('health_intervals')
    .set({ ended_at: transition.since })
    .where('screen_id', '=', transition.screenId)
    .where('ended_at', 'is', null)
    .execute();
  await trx
    .insertInto('health_intervals')
    .values({
      screen_id: transition.screenId,
      org_id: transition.orgId,
      state: transition.state,
      started_at: transition.since,
      ended_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['screen_id', 'started_at']).doUpdateSet({ state: transition.state, ended_at: null }),
    )
    .execute();
}

/** The first record of a screen's health (no announcement: nothing changed that anyone saw). */
export async function recordFirstHealth(
  db: Kysely<Database>,
  first: HealthTransition & { lastSeenAt: number },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('screen_health')
      .values({
        screen_id: first.screenId,
        org_id: first.orgId,
        state: first.state,
        since: first.since,
        last_seen_at: first.lastSeenAt,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('screen_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) await openInterval(trx, first);
  });
}

/**
 * Claims "went offline": only while the row still says online and nobody has seen the screen since `cutoff` (its
 * stored last sighting and its player's heartbeat both older). True for the one caller that recorded it.
 */
export async function claimOffline(
  db: Kysely<Database>,
  transition: HealthTransition,
  cutoff: number,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('screen_health')
      .set({ state: 'offline', since: transition.since, updated_at: now })
      .where('screen_id', '=', transition.screenId)
      .where('state', '=', 'online')
      .where('last_seen_at', '<', cutoff)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('players')
              .select('players.id')
              .where('players.screen_id', '=', transition.screenId)
              .where('players.last_heartbeat_at', '>=', cutoff),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await openInterval(trx, transition);
    return true;
  });
}

/** Claims "came back": only while the row says offline. True for the one caller that recorded it. */
export async function claimOnline(
  db: Kysely<Database>,
  transition: HealthTransition,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('screen_health')
      .set({ state: 'online', since: transition.since, last_seen_at: now, updated_at: now })
      .where('screen_id', '=', transition.screenId)
      .where('state', '=', 'offline')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await openInterval(trx, transition);
    return true;
  });
}

/** Raises the stored last sighting of screens seen at `at` (skipped when it is already within `slackMs`). */
export async function touchLastSeen(
  db: Kysely<Database>,
  screenIds: readonly string[],
  at: number,
  slackMs: number,
): Promise<void> {
  for (let start = 0; start < screenIds.length; start += 500) {
    await db
      .updateTable('screen_health')
      .set({ last_seen_at: at })
      .where('screen_id', 'in', screenIds.slice(start, start + 500))
      .where('last_seen_at', '<', at - slackMs)
      .execute();
  }
}
