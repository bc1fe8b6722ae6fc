// Which node of a cluster runs the health sweep (docs/screen-health.md §The monitor). Every node used to sweep every
// HEALTH_SWEEP_MS: the transitions are claimed in the database, so the result was right, but a cluster of N nodes
// read every screen's presence N times as often, and on a fleet of 20,000 screens on three nodes that was a third
// of PostgreSQL's time during a reconnect storm. So the sweep runs on the live node (its lease in server_nodes not
// expired, realtime/nodeLease.ts) with the smallest id; when it dies, the next one sweeps once its lease expires.
// A node without a live lease of its own (not serving realtime, or its lease lost) sweeps anyway: a sweep too many
// only repeats claims, a sweep missing leaves screens without transitions and alerts.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Whether node `nodeId` sweeps at `now` (epoch ms, the clock the leases are written with). */
export async function sweepsOnThisNode(db: Kysely<Database>, nodeId: string, now: number): Promise<boolean> {
  const live = await db.selectFrom('server_nodes').select('id').where('lease_expires_at', '>', now).execute();
  if (!live.some((node) => node.id === nodeId)) return true;
  return live.every((node) => node.id >= nodeId);
}
