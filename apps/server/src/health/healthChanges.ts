// What a sweep records for each screen (docs/screen-health.md §The monitor): its first health, a transition to
// claim, or nothing. A sweep looks at every paired screen of the deployment, so the look is done in slices: over a
// fleet of 20,000 screens one synchronous pass held a node's event loop for 45–90 ms (profiled while the fleet
// connected), long enough, with a garbage collection after it, to stall every player on the node past 100 ms.

import type { ScreenHealth } from '../db/schema';
import { nextTurn } from '../eventLoop';
import type { FirstHealth, HealthTransition } from './healthTransitions';
import { cameOnlineAt, isOnline, lastSeenOf, type Presence } from './presence';

/** Screens looked at between two turns of the event loop (well under a millisecond of work). */
export const SCREENS_PER_SLICE = 500;

export interface HealthLook {
  now: number;
  /** Within the start grace: no offline transition. */
  inGrace: boolean;
  offlineAfterMs: number;
}

/** What the sweep records for `screen` whose stored health is `row`: its first health, a transition, or nothing. */
export function healthChange(
  screen: Presence,
  row: ScreenHealth | undefined,
  look: HealthLook,
): FirstHealth | HealthTransition | null {
  const { now, inGrace, offlineAfterMs } = look;
  const online = isOnline(screen, now, offlineAfterMs);
  const seen = lastSeenOf(screen, now);
  if (row === undefined) {
    const lastSeenAt = seen ?? screen.createdAt;
    const since = online ? Math.min(cameOnlineAt(screen, now), lastSeenAt) : lastSeenAt;
    return {
      orgId: screen.orgId,
      screenId: screen.screenId,
      state: online ? 'online' : 'offline',
      since,
      lastSeenAt,
    };
  }
  if (online && row.state === 'offline') {
    return {
      orgId: screen.orgId,
      screenId: screen.screenId,
      state: 'online',
      since: Math.max(row.since, cameOnlineAt(screen, now)),
    };
  }
  if (!online && row.state === 'online' && !inGrace) {
    return {
      orgId: screen.orgId,
      screenId: screen.screenId,
      state: 'offline',
      since: Math.max(row.since, row.last_seen_at, seen ?? 0),
    };
  }
  return null;
}

export interface HealthChanges {
  firsts: FirstHealth[];
  transitions: HealthTransition[];
  /** The name of each screen with a transition (its announcement names it). */
  names: Map<string, string>;
}

/**
 * The changes of every screen in `presence` against its stored health, giving the event loop a turn after every
 * `perSlice` screens.
 */
export async function healthChanges(
  presence: readonly Presence[],
  stored: ReadonlyMap<string, ScreenHealth>,
  look: HealthLook,
  perSlice = SCREENS_PER_SLICE,
): Promise<HealthChanges> {
  const firsts: FirstHealth[] = [];
  const transitions: HealthTransition[] = [];
  const names = new Map<string, string>();
  for (let start = 0; start < presence.length; start += perSlice) {
    if (start > 0) await nextTurn();
    const end = Math.min(presence.length, start + perSlice);
    for (let index = start; index < end; index++) {
      const screen = presence[index]!;
      const change = healthChange(screen, stored.get(screen.screenId), look);
      if (change === null) continue;
      if ('lastSeenAt' in change) firsts.push(change);
      else {
        transitions.push(change);
        names.set(screen.screenId, screen.name);
      }
    }
  }
  return { firsts, transitions, names };
}
