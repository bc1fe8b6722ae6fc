// The durable record of a screen's health (docs/screen-health.md §Several nodes): a transition is claimed by one
// conditional UPDATE, so when several nodes notice the same one, the row count says which recorded it, and only
// that node closes the history interval, opens the next and announces it.
//
// A sweep may find thousands of transitions at once (a fleet back after an outage), so they are recorded
// HEALTH_BATCH screens per transaction, in screen order (two nodes claiming the same screens take their row locks
// in the same order on PostgreSQL), with the per-screen statements compiled once (db/reusableQuery.ts): one
// transaction and three freshly built queries per screen held a node's event loop for seconds.

import type { Kysely, Transaction } from 'kysely';
import { reusableQuery } from '../db/reusableQuery';
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

const byScreen = <T extends { screenId: string }>(list: readonly T[]) =>
  [...list].sort((a, b) => (a.screenId < b.screenId ? -1 : a.screenId > b.screenId ? 1 : 0));

function batches<T>(list: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < list.length; start += HEALTH_BATCH)
    result.push(list.slice(start, start + HEALTH_BATCH));
  return result;
}

function compileStatements(db: Kysely<Database>) {
  return {
    /** "Went offline": only while online and nobody has seen the screen since the cutoff (row nor heartbeat). */
    claimOffline: reusableQuery(db, 4, (db, screenId: string, since: number, cutoff: number, now: number) =>
      db
        .updateTable('screen_health')
        .set({ state: 'offline', since, updated_at: now })
        .where('screen_id', '=', screenId)
        .where('state', '=', 'online')
        .where('last_seen_at', '<', cutoff)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('players')
                .select('players.id')
                .where('players.screen_id', '=', screenId)
                .where('players.last_heartbeat_at', '>=', cutoff),
            ),
          ),
        ),
    ),
    /** "Came back": only while offline. */
    claimOnline: reusableQuery(db, 3, (db, screenId: string, since: number, now: number) =>
      db
        .updateTable('screen_health')
        .set({ state: 'online', since, last_seen_at: now, updated_at: now })
        .where('screen_id', '=', screenId)
        .where('state', '=', 'offline'),
    ),
    closeInterval: reusableQuery(db, 2, (db, screenId: string, endedAt: number) =>
      db
        .updateTable('health_intervals')
        .set({ ended_at: endedAt })
        .where('screen_id', '=', screenId)
        .where('ended_at', 'is', null),
    ),
  };
}

export class HealthTransitions {
  private readonly statements: ReturnType<typeof compileStatements>;

  constructor(private readonly db: Kysely<Database>) {
    this.statements = compileStatements(db);
  }

  /** First records of screens (no announcement: nothing changed that anyone saw); a screen already recorded stays. */
  async recordFirst(firsts: readonly FirstHealth[], now: number): Promise<void> {
    for (const batch of batches(byScreen(firsts))) {
      await this.db.transaction().execute(async (trx) => {
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
    for (const batch of batches(byScreen(transitions))) {
      try {
        won.push(
          ...(await this.db.transaction().execute(async (trx) => {
            const claimed: HealthTransition[] = [];
            for (const transition of batch) {
              const result =
                transition.state === 'offline'
                  ? await this.statements.claimOffline(
                      trx,
                      transition.screenId,
                      transition.since,
                      offlineCutoff,
                      now,
                    )
                  : await this.statements.claimOnline(trx, transition.screenId, transition.since, now);
              if (Number(result.numAffectedRows ?? 0) === 1) claimed.push(transition);
            }
            await this.openIntervals(trx, claimed);
            return claimed;
          })),
        );
      } catch (error) {
        if (onError === undefined) throw error;
        onError(error, `health transitions of ${batch.length} screens from ${batch[0]?.screenId}`);
      }
    }
    return won;
  }

  /** Closes each screen's open history interval and opens the one of its new state. */
  private async openIntervals(trx: Transaction<Database>, transitions: readonly HealthTransition[]) {
    if (transitions.length === 0) return;
    for (const transition of transitions) {
      await this.statements.closeInterval(trx, transition.screenId, transition.since);
    }
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
