// A screen as the studio shows it: the row, the settings the player is actually using (its realtime document,
// which the player's own sidebar also changes), and its live status. Online is the player's realtime
// connection/connected (docs/protocols/realtime.md §Presence); the rest comes from the last heartbeat and device
// record, and a screen whose heartbeats stopped is flagged. The player's latest runtime stats come along once it
// has reported (docs/player.md §Stats).

import type { Kysely } from 'kysely';
import {
  TIMELINE_BEHIND_AFTER_MS,
  type ScreenHealthView,
  type ScreenStatus,
  type ScreenTimelineStatus,
  type ScreenView,
} from '@marquee/management-api';
import type { Segment } from '@marquee/timeline';
import {
  HEARTBEAT_INTERVAL_MS,
  PLAYER_BRANCH_SCHEMAS,
  formatUptime,
  playerDocumentPath,
  type PlayerBranch,
  type PlayerDocument,
  type RealtimeValue,
} from '@marquee/protocol';
import type { Database, Player, Screen } from '../db/schema';
import { healthFromStatus, storedHealth } from '../health/healthService';
import { latestPlayerStats, type ReportedStats } from '../players/playerStats';
import type { DocumentStore } from '../realtime/documentStore';
import { tagsOfScreens } from '../groups/membership';
import type { ScreenRules } from '../timelines/screenRules';
import { sourceOf } from '../timelines/screenTimeline';
import type { TimelineService } from '../timelines/timelineService';
import { parseStoredContent } from './content';
import { SCREEN_SETTING_NAMES, parseScreenSettings, screenSettingsOf } from './screenSettings';

/** Heartbeats missed before a screen is flagged: three intervals, so one late or lost heartbeat is no alarm. */
const HEARTBEAT_OVERDUE_MS = 3 * HEARTBEAT_INTERVAL_MS;

type Json = Record<string, unknown>;

function parseObject(text: string | null): Json | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

const stringAt = (source: Json | null, ...path: string[]): string | null => {
  let node: unknown = source;
  for (const key of path) node = typeof node === 'object' && node !== null ? (node as Json)[key] : undefined;
  return typeof node === 'string' && node !== '' ? node : null;
};

const numberAt = (source: Json | null, key: string): number | null => {
  const value = source?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
};

/**
 * One branch of a player's document as its schema reads it; undefined when absent or when it does not fit (one
 * bad branch hides nothing else).
 */
export function documentBranch<B extends PlayerBranch>(doc: RealtimeValue, branch: B): PlayerDocument[B] {
  const value = typeof doc === 'object' && doc !== null ? (doc as Json)[branch] : undefined;
  const parsed = PLAYER_BRANCH_SCHEMAS[branch].safeParse(value);
  return (parsed.success ? parsed.data : undefined) as PlayerDocument[B];
}

/**
 * The uptime now, in seconds: what the last heartbeat said (the player's uptime when it sent it, at its start and
 * then every minute) plus the time since it arrived; unknown once heartbeats are overdue (the player may have
 * restarted since).
 */
function uptimeNow(heartbeat: Json | null, lastHeartbeatAt: number | null, overdue: boolean, now: number) {
  const reported = numberAt(heartbeat, 'uptime') ?? numberAt(heartbeat, 'uptimeSeconds');
  if (reported === null || lastHeartbeatAt === null || overdue) return null;
  return Math.floor(reported + Math.max(0, now - lastHeartbeatAt) / 1000);
}

function statusOf(
  player: Player | undefined,
  doc: RealtimeValue,
  reported: ReportedStats | undefined,
  now: number,
): ScreenStatus {
  const heartbeat = parseObject(player?.last_heartbeat ?? null);
  const device = parseObject(player?.last_device_record ?? null);
  const connection = documentBranch(doc, 'connection');
  const lastHeartbeatAt = player?.last_heartbeat_at ?? null;
  const heartbeatOverdue =
    player !== undefined && (lastHeartbeatAt === null || now - lastHeartbeatAt > HEARTBEAT_OVERDUE_MS);
  const uptimeSeconds = uptimeNow(heartbeat, lastHeartbeatAt, heartbeatOverdue, now);
  return {
    online: connection?.connected === true,
    blocked: player?.blocked === 1,
    connectedAt: connection?.connected_at ?? null,
    disconnectedAt: connection?.disconnected_at ?? null,
    lastHeartbeatAt,
    heartbeatOverdue,
    platform: stringAt(device, 'platform') ?? player?.platform ?? stringAt(heartbeat, 'platform'),
    model: stringAt(device, 'model') ?? player?.model ?? null,
    version: stringAt(device, 'version') ?? player?.version ?? stringAt(heartbeat, 'version'),
    ip: stringAt(device, 'device', 'ip') ?? stringAt(heartbeat, 'ip') ?? player?.last_ip ?? null,
    remoteIp: player?.last_ip ?? null,
    uptime:
      uptimeSeconds !== null
        ? formatUptime(uptimeSeconds)
        : heartbeatOverdue
          ? null
          : stringAt(heartbeat, 'uptime'),
    uptimeSeconds,
    ...(reported === undefined ? {} : { stats: { ...reported.stats, reportedAt: reported.reportedAt } }),
  };
}

/** The content version written and the one the player applied; behind when it is still not applied a minute on. */
function timelineStatus(
  screen: Screen,
  player: Player | undefined,
  segment: Segment,
  now: number,
): ScreenTimelineStatus {
  const appliedVersion = player?.content_version ?? null;
  const behind =
    player !== undefined &&
    (appliedVersion === null || appliedVersion < screen.content_version) &&
    now - (screen.content_version_at ?? screen.updated_at) > TIMELINE_BEHIND_AFTER_MS;
  const { source } = sourceOf(segment);
  return {
    version: screen.content_version,
    appliedVersion,
    behind,
    current: { kind: source.kind, id: source.id, name: source.name, reason: segment.reason },
  };
}

interface TimelineOfScreen {
  tags: string[];
  rules: ScreenRules;
  segment: Segment;
}

function toScreenView(
  screen: Screen,
  player: Player | undefined,
  doc: RealtimeValue,
  reported: ReportedStats | undefined,
  timeline: TimelineOfScreen,
  now: number,
  health: ScreenHealthView | undefined,
): ScreenView {
  // The player applies its document's settings, which its own sidebar may have changed since the studio did.
  const settings = {
    ...parseScreenSettings(screen.settings),
    ...screenSettingsOf(documentBranch(doc, 'settings')),
  };
  const known = Object.fromEntries(
    SCREEN_SETTING_NAMES.flatMap((key) => (key in settings ? [[key, settings[key]]] : [])),
  );
  const content = parseStoredContent(screen.content, screen.content_version);
  const status = statusOf(player, doc, reported, now);
  return {
    id: screen.id,
    name: screen.name,
    playerId: screen.player_id,
    settings: known,
    content: { version: content.version, items: content.items, sources: content.sources },
    status,
    tags: timeline.tags,
    timezone: timeline.rules.rules.timezone,
    timezoneSource: timeline.rules.zoneSource,
    defaultPlaylistId: screen.default_playlist_id,
    defaultLayoutId: screen.default_layout_id,
    timeline: timelineStatus(screen, player, timeline.segment, now),
    health: health ?? healthFromStatus(status, screen.created_at),
    createdAt: screen.created_at,
    updatedAt: screen.updated_at,
  };
}

export interface ScreenViewDeps {
  db: Kysely<Database>;
  documents: DocumentStore;
  clock: () => number;
  timelines: TimelineService;
}

/** The views of `screens`, with one query for their players and one document read each. */
export async function screenViews(deps: ScreenViewDeps, screens: readonly Screen[]): Promise<ScreenView[]> {
  const playerIds = screens.flatMap((screen) => (screen.player_id === null ? [] : [screen.player_id]));
  const players =
    playerIds.length === 0
      ? []
      : await deps.db.selectFrom('players').selectAll().where('id', 'in', playerIds).execute();
  const byId = new Map(players.map((player) => [player.id, player]));
  const stats = await latestPlayerStats(deps.db, playerIds);
  const docs = await Promise.all(
    screens.map(async (screen) =>
      screen.player_id === null
        ? null
        : (await deps.documents.get(playerDocumentPath(screen.player_id))).value,
    ),
  );
  const tags = await tagsOfScreens(
    deps.db,
    screens.map((screen) => screen.id),
  );
  const current =
    screens.length === 0 ? new Map() : await deps.timelines.currentOf(screens[0]!.org_id, screens);
  const health = await storedHealth(
    deps.db,
    screens.map((screen) => screen.id),
  );
  const now = deps.clock();
  return screens.map((screen, index) =>
    toScreenView(
      screen,
      screen.player_id === null ? undefined : byId.get(screen.player_id),
      docs[index] ?? null,
      screen.player_id === null ? undefined : stats.get(screen.player_id),
      { tags: tags.get(screen.id) ?? [], ...current.get(screen.id)! },
      now,
      health.get(screen.id),
    ),
  );
}
