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

/** What a sweep keeps of one player document's connection record, with the revision it was read at. */
interface KnownConnection {
  revision: number;
  connected: boolean;
  connectedAt: number | null;
  disconnectedAt: number | null;
}

const NO_CONNECTION: Omit<KnownConnection, 'revision'> = {
  connected: false,
  connectedAt: null,
  disconnectedAt: null,
};

function parseConnection(text: string | null): Omit<KnownConnection, 'revision'> {
  if (text === null) return NO_CONNECTION;
  let record: RealtimeValue;
  try {
    record = { connection: JSON.parse(text) as RealtimeNode };
  } catch {
    return NO_CONNECTION; // an unreadable record tells nothing: the heartbeat decides
  }
  const connection = documentBranch(record, 'connection');
  return {
    connected: connection?.connected === true,
    connectedAt: connection?.connected_at ?? null,
    disconnectedAt: connection?.disconnected_at ?? null,
  };
}

/** Screens read per query; a page's changed records are extracted from whole player documents (tens of KB). */
export const PRESENCE_PAGE_SIZE = 500;

interface ScreenRow {
  screenId: string;
  orgId: string;
  name: string;
  createdAt: number;
  lastHeartbeatAt: number | null;
  docPath: string;
  /** The player document's revision; null when the player has no document yet. */
  revision: number | null;
}

/**
 * Reads the presence of every paired screen (of one organisation when `orgId` is given), a page of `pageSize`
 * screens per query in screen id order: SQLite answers synchronously, and one query over a large fleet's documents
 * would hold the event loop for as long as it parses them all; between pages the loop runs (the database driver
 * yields, db/cooperativeDriver.ts).
 *
 * A page reads each document's revision, not its value; the connection record is extracted (the whole document
 * parsed, by the database) only for documents whose revision moved since this reader last saw them. A document's
 * revision grows with every write and a document is never deleted (realtime/documentStore.ts), so the same
 * revision is the same record. Parsing every player document at every sweep was half of what PostgreSQL executed
 * while 20,000 screens connected to three nodes (docs/screen-health.md §The monitor); a fleet that is not
 * changing now costs no parse at all.
 */
export class PresenceReader {
  private known = new Map<string, KnownConnection>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DatabaseDialect,
    private readonly pageSize = PRESENCE_PAGE_SIZE,
  ) {}

  async read(orgId?: string): Promise<Presence[]> {
    const all: Presence[] = [];
    // A whole-fleet read keeps only what it saw: a deleted player's record does not stay behind.
    const seen = orgId === undefined ? new Map<string, KnownConnection>() : this.known;
    let after: string | null = null;
    for (;;) {
      const page = await this.readScreens(orgId, after);
      await this.refresh(page);
      for (const row of page) {
        const known = row.revision === null ? undefined : this.known.get(row.docPath);
        if (known !== undefined) seen.set(row.docPath, known);
        all.push(presenceOf(row, known ?? NO_CONNECTION));
      }
      if (page.length < this.pageSize) break;
      after = page[page.length - 1]!.screenId;
    }
    this.known = seen;
    return all;
  }

  private async readScreens(orgId: string | undefined, after: string | null): Promise<ScreenRow[]> {
    const docPath = sql<string>`${`${PLAYERS_ROOT}/`} || ${sql.ref('players.id')}`;
    let query = this.db
      .selectFrom('screens')
      .innerJoin('players', 'players.id', 'screens.player_id')
      .leftJoin('realtime_documents', (join) => join.on('realtime_documents.path', '=', docPath))
      .select([
        'screens.id as screenId',
        'screens.org_id as orgId',
        'screens.name as name',
        'screens.created_at as createdAt',
        'players.last_heartbeat_at as lastHeartbeatAt',
        docPath.as('docPath'),
        'realtime_documents.revision as revision',
      ]);
    if (orgId !== undefined) query = query.where('screens.org_id', '=', orgId);
    if (after !== null) query = query.where('screens.id', '>', after);
    const rows = await query.orderBy('screens.id').limit(this.pageSize).execute();
    // PostgreSQL's bigint arrives as a string.
    return rows.map((row) => ({ ...row, revision: row.revision === null ? null : Number(row.revision) }));
  }

  /** Extracts the connection record of the page's documents that changed since they were last read. */
  private async refresh(page: readonly ScreenRow[]): Promise<void> {
    const stale = page
      .filter((row) => row.revision !== null && this.known.get(row.docPath)?.revision !== row.revision)
      .map((row) => row.docPath);
    if (stale.length === 0) return;
    const rows = await this.db
      .selectFrom('realtime_documents')
      .select(['path', 'revision', connectionJson(this.dialect).as('connection')])
      .where('path', 'in', stale)
      .execute();
    // The revision read with the record: a write since the page's read is picked up now, and again next time.
    for (const row of rows) {
      this.known.set(row.path, { revision: Number(row.revision), ...parseConnection(row.connection) });
    }
  }
}

function presenceOf(row: ScreenRow, connection: Omit<KnownConnection, 'revision'>): Presence {
  return {
    screenId: row.screenId,
    orgId: row.orgId,
    name: row.name,
    createdAt: row.createdAt,
    connected: connection.connected,
    connectedAt: connection.connectedAt,
    disconnectedAt: connection.disconnectedAt,
    lastHeartbeatAt: row.lastHeartbeatAt,
  };
}
