// Where a playlist is used: where any content is (domain/contentUsage.ts), and by layouts with a zone playing it.
// Its deletion is refused while any uses it (409 PLAYLIST_IN_USE naming them).

import type { Kysely } from 'kysely';
import type { PlaylistUsage } from '@marquee/management-api';
import type { Database } from '../db/schema';
import { contentUsage } from '../domain/contentUsage';

export async function playlistUsage(
  db: Kysely<Database>,
  orgId: string,
  playlistId: string,
  now: number,
): Promise<PlaylistUsage> {
  const [usage, layouts] = await Promise.all([
    contentUsage(db, orgId, 'playlist', playlistId, now),
    db
      .selectFrom('layout_playlists')
      .innerJoin('layouts', 'layouts.id', 'layout_playlists.layout_id')
      .select(['layouts.id', 'layouts.name'])
      .where('layout_playlists.org_id', '=', orgId)
      .where('layout_playlists.playlist_id', '=', playlistId)
      .orderBy('layouts.name')
      .execute(),
  ]);
  return { ...usage, layouts };
}
