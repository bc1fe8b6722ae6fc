// What the server can see of each paired screen right now (docs/screen-health.md §Online and offline): its player's
// realtime connection record (the same one the screens list shows, read through screenViews.ts's documentBranch)
// and its last heartbeat. A screen is online while connected or while its heartbeat is fresh.

import { sql, type Kysely } from 'kysely';
import { PLAYERS_ROOT, type RealtimeNode, type RealtimeValue } from '@marquee/protocol';
import type { DatabaseDialect } from '../db/database';
import type { Database } from '../db/schema';
import { documentBranch } from '../screens/screenViews';

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
  // No array per call: a sweep asks this of every screen of the fleet.
  const latest = Math.max(
    presence.lastHeartbeatAt ?? -Infinity,
    presence.disconnectedAt ?? -Infinity,
    presence.connectedAt ?? -Infinity,
  );
  return latest === -Infinity ? null : Math.min(now, latest);
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

/**
 * The connection record inside a stored player document, extracted by the database (a player document also holds
 * its content and timeline: only this small branch crosses the wire and is parsed).
 */
function connectionJson(dialect: DatabaseDialect) {
  return dialect === 'sqlite'
    ? sql<string | null>`json_extract(${sql.ref('realtime_documents.value')}, '$.connection')`
    : sql<string | null>`(${sql.ref('realtime_documents.value')}::json -> 'connection')::text`;
}

function parseConnection(text: string | null): RealtimeValue {
  if (text === null) return null;
  try {
    return { connection: JSON.parse(text) as RealtimeNode };
  } catch {
    return null; // an unreadable record tells nothing: the heartbeat decides
  }
}

/** Screens read per query: each row's connection is extracted from a whole player document (tens of KB). */
export const PRESENCE_PAGE_SIZE = 500;

/**
 * The presence of every paired screen (of one organisation when `orgId` is given), a page of PRESENCE_PAGE_SIZE
 * screens per query in screen id order: SQLite answers synchronously, and one query over a large fleet's
 * documents would hold the event loop for as long as it parses them all; between pages the loop runs (the
 * database driver yields, db/cooperativeDriver.ts).
 */
export async function readPresence(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  orgId?: string,
  pageSize = PRESENCE_PAGE_SIZE,
): Promise<Presence[]> {
  const all: Presence[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await readPresencePage(db, dialect, orgId, after, pageSize);
    all.push(...page);
    if (page.length < pageSize) return all;
    after = page[page.length - 1]!.screenId;
  }
}

async function readPresencePage(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  orgId: string | undefined,
  after: string | null,
  limit: number,
): Promise<Presence[]> {
  let query = db
    .selectFrom('screens')
    .innerJoin('players', 'players.id', 'screens.player_id')
    .leftJoin('realtime_documents', (join) =>
      join.on('realtime_documents.path', '=', sql<string>`${`${PLAYERS_ROOT}/`} || ${sql.ref('players.id')}`),
    )
    .select([
      'screens.id as screenId',
      'screens.org_id as orgId',
      'screens.name as name',
      'screens.created_at as createdAt',
      'players.last_heartbeat_at as lastHeartbeatAt',
      connectionJson(dialect).as('connection'),
    ]);
  if (orgId !== undefined) query = query.where('screens.org_id', '=', orgId);
  if (after !== null) query = query.where('screens.id', '>', after);
  const rows = await query.orderBy('screens.id').limit(limit).execute();
  return rows.map((row) => {
    const connection = documentBranch(parseConnection(row.connection), 'connection');
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
