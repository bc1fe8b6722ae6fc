// Screens in the database and their mirror in the player's realtime document. A change to a screen is written to
// the screens row first (conditionally on the content version read, so two concurrent changes never hand out one
// version twice), then to players/{id} in ONE document update, so the player sees name, settings and manifest
// change together.

import type { Kysely } from 'kysely';
import { z } from 'zod';
import { SettingsPatchSchema, type Settings } from '@marquee/protocol';
import type { Database, Screen } from '../db/schema';
import { notFound } from '../http/errors';
import { playerDocPath } from '../players/playerService';
import type { AppServices } from '../services';
import {
  buildItems,
  manifestOf,
  mediaKind,
  nextContent,
  parseStoredContent,
  type ContentSource,
  type MediaRef,
  type StoredContent,
} from './content';

/** What the studio sets on a screen besides its name and content (kept in screens.settings). */
export type ScreenSettings = Omit<Settings, 'name'>;
export const SCREEN_SETTING_NAMES = [
  'orientation',
  'mute',
  'daily_restart',
  'daily_restart_time',
  'update_channel',
] as const;

const { shape } = SettingsPatchSchema;
export const ScreenSettingsSchema = z.object({
  orientation: shape.orientation,
  mute: shape.mute,
  daily_restart: shape.daily_restart,
  daily_restart_time: shape.daily_restart_time,
  update_channel: shape.update_channel,
});

/** Screen ids in paths: server ids, or anything id-shaped (rows written by other means); never a path. */
export const SCREEN_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** Tries of a conditional screen update that lost to a concurrent change. */
const UPDATE_ATTEMPTS = 10;

/** The settings stored for a screen, keeping only the known, valid fields. */
export function parseScreenSettings(text: string): ScreenSettings {
  try {
    const parsed = ScreenSettingsSchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
    }
  } catch {
    // unreadable: no settings
  }
  return {};
}

/** The screen `id` of the organisation; 404 for a screen of another organisation, as for one that does not exist. */
export async function findOrgScreen(db: Kysely<Database>, orgId: string, id: string): Promise<Screen> {
  const screen = await db
    .selectFrom('screens')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (screen === undefined) throw notFound('SCREEN_NOT_FOUND', `No screen ${id} in your organisation`);
  return screen;
}

/** The organisation's media files among `ids`, by id. */
export async function orgMedia(
  db: Kysely<Database>,
  orgId: string,
  ids: readonly string[],
): Promise<Map<string, MediaRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('media')
    .select(['id', 'content_type', 'sha256'])
    .where('org_id', '=', orgId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((row) => [row.id, { id: row.id, contentType: row.content_type, sha256: row.sha256 }]),
  );
}

export function mediaIdsOfSources(sources: readonly ContentSource[]): string[] {
  return [...new Set(sources.flatMap((source) => ('mediaId' in source ? [source.mediaId] : [])))];
}

export interface ScreenChange {
  name?: string;
  settings?: ScreenSettings;
  /** New content sources; `rebuild` rebuilds the manifest of the current ones (a media file changed). */
  sources?: ContentSource[];
  rebuild?: boolean;
}

export interface AppliedChange {
  screen: Screen;
  content: StoredContent;
  contentChanged: boolean;
}

/** Applies `change` to the screen (row, then the player's document) and returns the updated row. */
export async function applyScreenChange(
  services: Pick<AppServices, 'db' | 'documents' | 'clock' | 'config'>,
  screenId: string,
  change: ScreenChange,
): Promise<AppliedChange> {
  const { db, documents, clock, config } = services;
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const row = await db.selectFrom('screens').selectAll().where('id', '=', screenId).executeTakeFirst();
    if (row === undefined) throw notFound('SCREEN_NOT_FOUND', `No screen ${screenId} in your organisation`);
    const current = parseStoredContent(row.content, row.content_version);
    let content = current;
    let contentChanged = false;
    if (change.sources !== undefined || change.rebuild) {
      const assigned = change.sources ?? current.sources;
      const media = await orgMedia(db, row.org_id, mediaIdsOfSources(assigned));
      // A media source's type follows its file (replaced bytes may be another kind).
      const sources = assigned.map((source) => {
        const file = 'mediaId' in source ? media.get(source.mediaId) : undefined;
        return file === undefined ? source : { ...source, type: mediaKind(file.contentType) };
      });
      ({ content, changed: contentChanged } = nextContent(
        current,
        sources,
        buildItems(sources, media, config.publicUrl),
      ));
    }
    const settings = { ...parseScreenSettings(row.settings), ...change.settings };
    const name = change.name ?? row.name;
    const updatedAt = clock();
    const result = await db
      .updateTable('screens')
      .set({
        name,
        settings: JSON.stringify(settings),
        content: JSON.stringify(content),
        content_version: content.version,
        updated_at: updatedAt,
      })
      .where('id', '=', row.id)
      .where('content_version', '=', row.content_version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) continue;

    if (row.player_id !== null) {
      const updates: Record<string, unknown> = {};
      if (change.name !== undefined) updates['settings/name'] = change.name;
      for (const [key, value] of Object.entries(change.settings ?? {})) {
        if (value !== undefined) updates[`settings/${key}`] = value;
      }
      if (contentChanged) updates['app/data'] = manifestOf(content);
      if (Object.keys(updates).length > 0) await documents.update(playerDocPath(row.player_id), updates);
    }
    const screen: Screen = {
      ...row,
      name,
      settings: JSON.stringify(settings),
      content: JSON.stringify(content),
      content_version: content.version,
      updated_at: updatedAt,
    };
    return { screen, content, contentChanged };
  }
  throw new Error(`Screen ${screenId} changed concurrently ${UPDATE_ATTEMPTS} times`);
}
