// The durable record of a screen's health (docs/screen-health.md §Several nodes): a transition is claimed by a
// conditional UPDATE, so when several nodes notice the same one, the rows it returns say which recorded it, and only
// that node closes the history interval, opens the next and announces it.
//
// A sweep may find thousands of transitions at once (a fleet back after an outage), and every node finds them. They
// are recorded HEALTH_BATCH screens per transaction, each kind of statement once per batch (every screen's own time
// in a CASE): one statement per screen and step made about 80,000 statements on three nodes within five seconds
// when 20,000 screens came online (docs/screen-health.md). Two nodes claiming overlapping batches on
// PostgreSQL may deadlock (their UPDATEs lock rows in the order of their plans); the loser's batch runs again.

import { sql, type Kysely, type Transaction } from 'kysely';
import { isTransientConflict } from '../db/postgresErrors';
import type { Database } from '../db/schema';

export type HealthState = 'online' | 'offline';

export interface HealthTransition {
  orgId: string;
  screenId: string;
  state: HealthState;
  /** When the new state began: the moment last seen for offline, the moment it came back for online. */
  since: number;
}

/** A screen's first record: its state and since, and when it was last seen. */
export type FirstHealth = HealthTransition & { lastSeenAt: number };

/** Screens per transaction: a batch holds the database (and on SQLite the event loop) for a few ms. */
export const HEALTH_BATCH = 100;
/** Runs of a batch that lost a deadlock to another node's before its failure is reported. */
const MAX_BATCH_ATTEMPTS = 3;

const byScreen = <T extends { screenId: string }>(list: readonly T[]) =>
  [...list].sort((a, b) => (a.screenId < b.screenId ? -1 : a.screenId > b.screenId ? 1 : 0));

function batches<T>(list: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < list.length; start += HEALTH_BATCH)
    result.push(list.slice(start, start + HEALTH_BATCH));
  return result;
}

/** One transition per screen, the first given (a screen's state changes once per claim). */
function onePerScreen(transitions: readonly HealthTransition[]): HealthTransition[] {
  const seen = new Set<string>();
  return transitions.filter((transition) => !seen.has(transition.screenId) && seen.add(transition.screenId));
}

/**
 * Each screen's own `since` in one expression: `case <column> when <screen> then <since> … end`. Cast, because
 * PostgreSQL would type the bound values as text.
 */
function sinceOfEach(column: string, transitions: readonly HealthTransition[]) {
  const arms = transitions.map(
    (transition) => sql`when ${transition.screenId} then cast(${transition.since} as bigint)`,
  );
  return sql<number>`case ${sql.ref(column)} ${sql.join(arms, sql` `)} end`;
}

const screenIds = (transitions: readonly HealthTransition[]) =>
  transitions.map((transition) => transition.screenId);

export class HealthTransitions {
  constructor(private readonly db: Kysely<Database>) {}

  /** First records of screens (no announcement: nothing changed that anyone saw); a screen already recorded stays. */
  async recordFirst(firsts: readonly FirstHealth[], now: number): Promise<void> {
    for (const batch of batches(byScreen(firsts))) {
      await this.inTransaction(async (trx) => {
        const inserted = await trx
          .insertInto('screen_health')
          .values(
            batch.map((first) => ({
              screen_id: first.screenId,
              org_id: first.orgId,
              state: first.state,
              since: first.since,
              last_seen_at: first.lastSeenAt,
              updated_at: now,
            })),
          )
          .onConflict((oc) => oc.column('screen_id').doNothing())
          .returning('screen_id')
          .execute();
        const recorded = new Set(inserted.map((row) => row.screen_id));
        await this.openIntervals(
          trx,
          batch.filter((first) => recorded.has(first.screenId)),
        );
      });
    }
  }

  /**
   * Claims each transition (an offline one only while nobody has seen the screen since `offlineCutoff`: its stored
   * last sighting and its player's heartbeat both older). Answers those this caller recorded. With `onError`, a batch
   * that failed is reported to it and the others still run; without, the first failure is thrown.
   */
  async claim(
    transitions: readonly HealthTransition[],
    now: number,
    offlineCutoff: number,
    onError?: (error: unknown, context: string) => void,
  ): Promise<HealthTransition[]> {
    const won: HealthTransition[] = [];
    for (const batch of batches(byScreen(onePerScreen(transitions)))) {
      try {
        won.push(...(await this.inTransaction((trx) => this.claimBatch(trx, batch, now, offlineCutoff))));
      } catch (error) {
        if (onError === undefined) throw error;
        onError(error, `health transitions of ${batch.length} screens from ${batch[0]?.screenId}`);
      }
    }
    return won;
  }

  /** `work` in a transaction, run again (up to MAX_BATCH_ATTEMPTS) when it lost a deadlock to another node. */
  private async inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction().execute(work);
      } catch (error) {
        if (attempt >= MAX_BATCH_ATTEMPTS || !isTransientConflict(error)) throw error;
      }
    }
  }

  /** One UPDATE for the batch's comebacks, one for its silences; answers the transitions claimed, in batch order. */
  private async claimBatch(
    trx: Transaction<Database>,
    batch: readonly HealthTransition[],
    now: number,
    offlineCutoff: number,
  ): Promise<HealthTransition[]> {
    const online = batch.filter((transition) => transition.state === 'online');
    const offline = batch.filter((transition) => transition.state === 'offline');
    const claimed = new Set<string>();
    if (online.length > 0) {
      // "Came back": only while offline.
      const rows = await trx
        .updateTable('screen_health')
        .set({
          state: 'online',
          since: sinceOfEach('screen_health.screen_id', online),
          last_seen_at: now,
          updated_at: now,
        })
        .where('screen_id', 'in', screenIds(online))
        .where('state', '=', 'offline')
        .returning('screen_id')
        .execute();
      for (const row of rows) claimed.add(row.screen_id);
    }
    if (offline.length > 0) {
      // "Went offline": only while online and nobody has seen the screen since the cutoff (row nor heartbeat).
      const rows = await trx
        .updateTable('screen_health')
        .set({ state: 'offline', since: sinceOfEach('screen_health.screen_id', offline), updated_at: now })
        .where('screen_id', 'in', screenIds(offline))
        .where('state', '=', 'online')
        .where('last_seen_at', '<', offlineCutoff)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('players')
                .select('players.id')
                .whereRef('players.screen_id', '=', 'screen_health.screen_id')
                .where('players.last_heartbeat_at', '>=', offlineCutoff),
            ),
          ),
        )
        .returning('screen_id')
        .execute();
      for (const row of rows) claimed.add(row.screen_id);
    }
    const won = batch.filter((transition) => claimed.has(transition.screenId));
    await this.openIntervals(trx, won);
    return won;
  }

  /** Closes each screen's open history interval and opens the one of its new state: two statements for them all. */
  private async openIntervals(trx: Transaction<Database>, transitions: readonly HealthTransition[]) {
    if (transitions.length === 0) return;
    await trx
      .updateTable('health_intervals')
      .set({ ended_at: sinceOfEach('health_intervals.screen_id', transitions) })
      .where('screen_id', 'in', screenIds(transitions))
      .where('ended_at', 'is', null)
      .execute();
    await trx
      .insertInto('health_intervals')
      .values(
        transitions.map((transition) => ({
          screen_id: transition.screenId,
          org_id: transition.orgId,
          state: transition.state,
          started_at: transition.since,
          ended_at: null,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['screen_id', 'started_at'])
          .doUpdateSet((eb) => ({ state: eb.ref('excluded.state'), ended_at: null })),
      )
      .execute();
  }
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
