// Which screens show some content (docs/schedules.md §Propagation): playlists or layouts, as a screen's default
// content or through a schedule that has not been dropped or an override that has not expired. A playlist is also
// shown by the screens showing a layout with a zone playing it (layout_playlists), so editing it reaches them too.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { chunks, parseTargets, screensOfTargets } from '../groups/membership';

export interface ShownContent {
  playlistIds?: readonly string[];
  layoutIds?: readonly string[];
}

/** The layouts of the organisation with a zone playing any of the playlists. */
export async function layoutsPlaying(
  db: Kysely<Database>,
  orgId: string,
  playlistIds: readonly string[],
): Promise<string[]> {
  const layouts = new Set<string>();
  for (const part of chunks(playlistIds)) {
    const rows = await db
      .selectFrom('layout_playlists')
      .select('layout_id')
      .where('org_id', '=', orgId)
      .where('playlist_id', 'in', part)
      .execute();
    for (const row of rows) layouts.add(row.layout_id);
  }
  return [...layouts];
}

/** The organisation's screens showing any of the playlists (also through a layout) or layouts at `now`. */
export async function screensShowing(
  db: Kysely<Database>,
  orgId: string,
  content: ShownContent,
  now: number,
): Promise<Set<string>> {
  const playlistIds = [...new Set(content.playlistIds ?? [])];
  const layoutIds = [
    ...new Set([...(content.layoutIds ?? []), ...(await layoutsPlaying(db, orgId, playlistIds))]),
  ];
  const screens = new Set<string>();
  const targets: string[] = [];
  for (const [column, ids] of [
    ['playlist', playlistIds],
    ['layout', layoutIds],
  ] as const) {
    for (const part of chunks(ids)) {
      const defaults = await db
        .selectFrom('screens')
        .select('id')
        .where('org_id', '=', orgId)
        .where(column === 'playlist' ? 'default_playlist_id' : 'default_layout_id', 'in', part)
        .execute();
      for (const row of defaults) screens.add(row.id);
      const schedules = await db
        .selectFrom('schedules')
        .select('targets')
        .where('org_id', '=', orgId)
        .where('dropped', '=', 0)
        .where(column === 'playlist' ? 'playlist_id' : 'layout_id', 'in', part)
        .execute();
      const overrides = await db
        .selectFrom('overrides')
        .select('targets')
        .where('org_id', '=', orgId)
        .where('expires_at', '>', now)
        .where(column === 'playlist' ? 'playlist_id' : 'layout_id', 'in', part)
        .execute();
      for (const rule of [...schedules, ...overrides]) targets.push(rule.targets);
    }
  }
  for (const text of new Set(targets)) {
    for (const id of await screensOfTargets(db, orgId, parseTargets(text))) screens.add(id);
  }
  return screens;
}
