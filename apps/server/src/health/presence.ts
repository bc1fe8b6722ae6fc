// What the server can see of each paired screen right now (docs/screen-health.md §Online and offline): its player's
// realtime connection record (the same one the screens list shows, read through screenViews.ts's documentBranch)
// and its last heartbeat. A screen is online while connected or while its heartbeat is fresh.

import type { Kysely } from 'kysely';
import { playerDocumentPath, type RealtimeValue } from '@marquee/protocol';
import type { Database } from '../db/schema';
import { documentBranch } from '../screens/screenViews';

/** Documents per query (well under every engine's bound-parameter limit). */
const QUERY_CHUNK = 500;

export interface Presence {
  screenId: string;
  orgId: string;
  name: string;
  createdAt: number;
  connected: boolean;
  /** When the live connection was made (null when not connected or unknown). */
  connectedAt: number | null;
  disconnectedAt: number | null;
  lastHeartbeatAt: number | null;
}

/** The latest moment `presence` proves the screen was there (now while connected); null when never seen. */
export function lastSeenOf(presence: Presence, now: number): number | null {
  if (presence.connected) return now;
  const times = [presence.lastHeartbeatAt, presence.disconnectedAt, presence.connectedAt].filter(
    (time): time is number => time !== null,
  );
  return times.length === 0 ? null : Math.min(now, Math.max(...times));
}

/** Online: connected, or seen within `offlineAfterMs`. */
export function isOnline(presence: Presence, now: number, offlineAfterMs: number): boolean {
  const seen = lastSeenOf(presence, now);
  return presence.connected || (seen !== null && now - seen <= offlineAfterMs);
}

/** When the screen came (back): the connection's start, else its last heartbeat. */
export function cameOnlineAt(presence: Presence, now: number): number {
  if (presence.connected) return presence.connectedAt ?? now;
  return presence.lastHeartbeatAt ?? now;
}

/** The presence of every paired screen (of one organisation when `orgId` is given). */
export async function readPresence(db: Kysely<Database>, orgId?: string): Promise<Presence[]> {
  let query = db
    .selectFrom('screens')
    .innerJoin('players', 'players.id', 'screens.player_id')
    .select([
      'screens.id as screenId',
      'screens.org_id as orgId',
      'screens.name as name',
      'screens.created_at as createdAt',
      'players.id as playerId',
      'players.last_heartbeat_at as lastHeartbeatAt',
    ]);
  if (orgId !== undefined) query = query.where('screens.org_id', '=', orgId);
  const rows = await query.execute();
  const docs = new Map<string, RealtimeValue>();
  for (let start = 0; start < rows.length; start += QUERY_CHUNK) {
    const paths = rows.slice(start, start + QUERY_CHUNK).map((row) => playerDocumentPath(row.playerId));
    const found = await db
      .selectFrom('realtime_documents')
      .select(['path', 'value'])
      .where('path', 'in', paths)
      .execute();
    for (const doc of found) {
      try {
        docs.set(doc.path, JSON.parse(doc.value) as RealtimeValue);
      } catch {
        // an unreadable document tells nothing: the heartbeat decides
      }
    }
  }
  return rows.map((row) => {
    const connection = documentBranch(docs.get(playerDocumentPath(row.playerId)) ?? null, 'connection');
    const connected = connection?.connected === true;
    return {
      screenId: row.screenId,
      orgId: row.orgId,
      name: row.name,
      createdAt: row.createdAt,
      connected,
      connectedAt: connection?.connected_at ?? null,
      disconnectedAt: connection?.disconnected_at ?? null,
      lastHeartbeatAt: row.lastHeartbeatAt,
    };
  });
}
