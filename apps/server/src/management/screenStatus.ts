// A screen as the studio shows it: the row, the settings the player is actually using (its realtime document,
// which the player's own sidebar also changes), and its live status. Online is the player's realtime
// connection/connected (DESIGN.md §3 "Presence"); the rest comes from the last heartbeat and device record, and a
// screen whose heartbeats stopped is flagged.

import { z } from 'zod';
import {
  APP_DATA_ITEM_TYPES,
  HEARTBEAT_INTERVAL_MS,
  formatUptime,
  getAtPath,
  type RealtimeValue,
} from '@marquee/protocol';
import type { Player, Screen } from '../db/schema';
import { playerDocPath } from '../players/playerService';
import type { AppServices } from '../services';
import { parseStoredContent, type StoredContent } from './content';
import { SCREEN_SETTING_NAMES, ScreenSettingsSchema, parseScreenSettings } from './screenRecords';

/** Heartbeats missed before a screen is flagged: three intervals, so one late or lost heartbeat is no alarm. */
export const HEARTBEAT_OVERDUE_MS = 3 * HEARTBEAT_INTERVAL_MS;

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();

export const ScreenStatusSchema = z.object({
  online: z.boolean(),
  connectedAt: nullableNumber,
  disconnectedAt: nullableNumber,
  lastHeartbeatAt: nullableNumber,
  /** True when the player is paired and its last heartbeat is older than HEARTBEAT_OVERDUE_MS (or never came). */
  heartbeatOverdue: z.boolean(),
  platform: nullableString,
  model: nullableString,
  version: nullableString,
  /** The address the device reports (its LAN address), else the one the server saw. */
  ip: nullableString,
  /** The address the last heartbeat came from, as the server saw it. */
  remoteIp: nullableString,
  /** '{h}hr {m}m {s}s' as of the last heartbeat. */
  uptime: nullableString,
  uptimeSeconds: nullableNumber,
});
export type ScreenStatus = z.infer<typeof ScreenStatusSchema>;

export const ContentViewSchema = z.object({
  version: z.number(),
  items: z.array(z.object({ type: z.enum(APP_DATA_ITEM_TYPES), src: z.string(), durationMs: z.number() })),
  /** What the operator assigned: URLs, or media ids. */
  sources: z.array(
    z.object({
      type: z.enum(APP_DATA_ITEM_TYPES),
      durationMs: z.number(),
      src: z.string().optional(),
      mediaId: z.string().optional(),
    }),
  ),
});

export const ScreenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  playerId: nullableString,
  settings: ScreenSettingsSchema,
  content: ContentViewSchema,
  status: ScreenStatusSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ScreenView = z.infer<typeof ScreenViewSchema>;

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

const timeAt = (doc: RealtimeValue, path: string[]): number | null => {
  const value = getAtPath(doc, path);
  return typeof value === 'number' ? value : null;
};

export function statusOf(player: Player | undefined, doc: RealtimeValue, now: number): ScreenStatus {
  const heartbeat = parseObject(player?.last_heartbeat ?? null);
  const device = parseObject(player?.last_device_record ?? null);
  const uptimeSeconds = numberAt(heartbeat, 'uptime') ?? numberAt(heartbeat, 'uptimeSeconds');
  const lastHeartbeatAt = player?.last_heartbeat_at ?? null;
  return {
    online: getAtPath(doc, ['connection', 'connected']) === true,
    connectedAt: timeAt(doc, ['connection', 'connected_at']),
    disconnectedAt: timeAt(doc, ['connection', 'disconnected_at']),
    lastHeartbeatAt,
    heartbeatOverdue:
      player !== undefined && (lastHeartbeatAt === null || now - lastHeartbeatAt > HEARTBEAT_OVERDUE_MS),
    platform: stringAt(device, 'platform') ?? player?.platform ?? stringAt(heartbeat, 'platform'),
    model: stringAt(device, 'model') ?? player?.model ?? null,
    version: stringAt(device, 'version') ?? player?.version ?? stringAt(heartbeat, 'version'),
    ip: stringAt(device, 'device', 'ip') ?? stringAt(heartbeat, 'ip') ?? player?.last_ip ?? null,
    remoteIp: player?.last_ip ?? null,
    uptime: uptimeSeconds === null ? stringAt(heartbeat, 'uptime') : formatUptime(uptimeSeconds),
    uptimeSeconds,
  };
}

function contentView(content: StoredContent): ScreenView['content'] {
  return { version: content.version, items: content.items, sources: content.sources };
}

export function toScreenView(
  screen: Screen,
  player: Player | undefined,
  doc: RealtimeValue,
  now: number,
): ScreenView {
  // The player applies its document's settings, which its own sidebar may have changed since the studio did.
  const live = getAtPath(doc, ['settings']);
  const liveSettings =
    typeof live === 'object' && live !== null ? parseScreenSettings(JSON.stringify(live)) : {};
  const settings = { ...parseScreenSettings(screen.settings), ...liveSettings };
  const known = Object.fromEntries(
    SCREEN_SETTING_NAMES.flatMap((key) => (key in settings ? [[key, settings[key]]] : [])),
  );
  return {
    id: screen.id,
    name: screen.name,
    playerId: screen.player_id,
    settings: known,
    content: contentView(parseStoredContent(screen.content, screen.content_version)),
    status: statusOf(player, doc, now),
    createdAt: screen.created_at,
    updatedAt: screen.updated_at,
  };
}

/** The views of `screens`, with one query for their players and one document read each. */
export async function screenViews(
  services: Pick<AppServices, 'db' | 'documents' | 'clock'>,
  screens: readonly Screen[],
): Promise<ScreenView[]> {
  const playerIds = screens.flatMap((screen) => (screen.player_id === null ? [] : [screen.player_id]));
  const players =
    playerIds.length === 0
      ? []
      : await services.db.selectFrom('players').selectAll().where('id', 'in', playerIds).execute();
  const byId = new Map(players.map((player) => [player.id, player]));
  const docs = await Promise.all(
    screens.map(async (screen) =>
      screen.player_id === null
        ? null
        : (await services.documents.get(playerDocPath(screen.player_id))).value,
    ),
  );
  const now = services.clock();
  return screens.map((screen, index) =>
    toScreenView(
      screen,
      screen.player_id === null ? undefined : byId.get(screen.player_id),
      docs[index] ?? null,
      now,
    ),
  );
}

export async function screenView(
  services: Pick<AppServices, 'db' | 'documents' | 'clock'>,
  screen: Screen,
): Promise<ScreenView> {
  const [view] = await screenViews(services, [screen]);
  return view as ScreenView;
}
