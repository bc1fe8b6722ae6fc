// Where a playlist is used: by schedules that have not ended, by overrides that have not expired, and by screens as
// their default content. Its deletion is refused while any uses it (409 PLAYLIST_IN_USE naming them).

import type { Kysely } from 'kysely';
import type { PlaylistUsage } from '@marquee/management-api';
import type { Database } from '../db/schema';

export async function playlistUsage(
  db: Kysely<Database>,
  orgId: string,
  playlistId: string,
  now: number,
): Promise<PlaylistUsage> {
  const [schedules, overrides, screens] = await Promise.all([
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
  ]);
  return { schedules, overrides, screens };
}
