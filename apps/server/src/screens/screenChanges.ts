// A change to a screen is written to the screens row (name, settings, its own content sources, its pinned zone and
// default playlist or layout); the timeline service then writes app/data with the name and settings updates this answers in
// ONE update of players/{id}, so the player sees them change together (timelines/timelineService.ts), and raises
// the content version only when what the screen shows changed.

import type { Kysely } from 'kysely';
import type { ScreenSettings } from '@marquee/management-api';
import type { Database, Screen } from '../db/schema';
import { notFound } from '../domain/errors';
import { parseStoredContent, type ContentSource } from './content';
import { parseScreenSettings } from './screenSettings';

export interface ScreenChange {
  name?: string;
  settings?: ScreenSettings;
  /** New content sources (the screen's own items); they replace a default playlist or layout. */
  sources?: ContentSource[];
  /** A pinned zone, or null to follow the player's. */
  timezone?: string | null;
  /** A playlist as default content, or null for the screen's own items. */
  defaultPlaylistId?: string | null;
  /** A layout as default content, or null for the screen's own items. */
  defaultLayoutId?: string | null;
}

export interface ScreenChangeDeps {
  db: Kysely<Database>;
  clock: () => number;
}

/** Applies `change` to the screen's row; answers the row and the player document's name and settings updates. */
export async function applyScreenChange(
  deps: ScreenChangeDeps,
  screenId: string,
  change: ScreenChange,
): Promise<{ screen: Screen; documentUpdates: Record<string, unknown> }> {
  const { db, clock } = deps;
  const row = await db.selectFrom('screens').selectAll().where('id', '=', screenId).executeTakeFirst();
  if (row === undefined) throw notFound('SCREEN_NOT_FOUND', `No screen ${screenId} in your organisation`);
  const current = parseStoredContent(row.content, row.content_version);
  const settings = { ...parseScreenSettings(row.settings), ...change.settings };
  const screen: Screen = {
    ...row,
    name: change.name ?? row.name,
    settings: JSON.stringify(settings),
    content: JSON.stringify({ ...current, sources: change.sources ?? current.sources }),
    timezone: change.timezone === undefined ? row.timezone : change.timezone,
    // One default content at a time: setting one clears the others.
    default_playlist_id:
      change.sources !== undefined || change.defaultLayoutId != null
        ? null
        : change.defaultPlaylistId === undefined
          ? row.default_playlist_id
          : change.defaultPlaylistId,
    default_layout_id:
      change.sources !== undefined || change.defaultPlaylistId != null
        ? null
        : change.defaultLayoutId === undefined
          ? row.default_layout_id
          : change.defaultLayoutId,
    updated_at: clock(),
  };
  await db
    .updateTable('screens')
    .set({
      name: screen.name,
      settings: screen.settings,
      content: screen.content,
      timezone: screen.timezone,
      default_playlist_id: screen.default_playlist_id,
      default_layout_id: screen.default_layout_id,
      updated_at: screen.updated_at,
    })
    .where('id', '=', row.id)
    .execute();
  const documentUpdates: Record<string, unknown> = {};
  if (change.name !== undefined) documentUpdates['settings/name'] = change.name;
  for (const [key, value] of Object.entries(change.settings ?? {})) {
    if (value !== undefined) documentUpdates[`settings/${key}`] = value;
  }
  return { screen, documentUpdates };
}
