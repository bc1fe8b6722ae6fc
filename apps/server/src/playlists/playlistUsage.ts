// Where a playlist is used: by schedules that have not ended, by overrides that have not expired, by screens as
// their default content, and by layouts with a zone playing it. Its deletion is refused while any uses it (409
// PLAYLIST_IN_USE naming them).

import type { Kysely } from 'kysely';
import type { PlaylistUsage } from '@marquee/management-api';
import type { Database } from '../db/schema';

export async function playlistUsage(
  db: Kysely<Database>,
  orgId: string,
  playlistId: string,
  now: number,
): Promise<PlaylistUsage> {
  const [schedules, overrides, screens, layouts] = await Promise.all([
    db
      .selectFrom('schedules')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('playlist_id', '=', playlistId)
      .where('dropped', '=', 0)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('overrides')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('playlist_id', '=', playlistId)
      .where('expires_at', '>', now)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('screens')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('default_playlist_id', '=', playlistId)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('layout_playlists')
      .innerJoin('layouts', 'layouts.id', 'layout_playlists.layout_id')
      .select(['layouts.id', 'layouts.name'])
      .where('layout_playlists.org_id', '=', orgId)
      .where('layout_playlists.playlist_id', '=', playlistId)
      .orderBy('layouts.name')
      .execute(),
  ]);
  return { schedules, overrides, screens, layouts };
}
