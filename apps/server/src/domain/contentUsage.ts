// Where a playlist or a layout is used (both are content: docs/layouts.md §Model): by schedules that have not been
// dropped, by overrides that have not expired, and by screens as their default content. Deleting content in use is
// refused (409 PLAYLIST_IN_USE or LAYOUT_IN_USE naming the places); a playlist is also used by layouts
// (playlists/playlistUsage.ts).

import type { Kysely } from 'kysely';
import type { NamedRef } from '@marquee/management-api';
import type { Database } from '../db/schema';

export type ContentKind = 'playlist' | 'layout';

/** The columns that name the content: on schedules and overrides, and a screen's default. */
const COLUMNS = {
  playlist: { shown: 'playlist_id', screenDefault: 'default_playlist_id' },
  layout: { shown: 'layout_id', screenDefault: 'default_layout_id' },
} as const;

// A type, not an interface: it is a 409's details (a record).
export type ContentUsage = {
  schedules: NamedRef[];
  overrides: NamedRef[];
  screens: NamedRef[];
};

export async function contentUsage(
  db: Kysely<Database>,
  orgId: string,
  kind: ContentKind,
  id: string,
  now: number,
): Promise<ContentUsage> {
  const columns = COLUMNS[kind];
  const [schedules, overrides, screens] = await Promise.all([
    db
      .selectFrom('schedules')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where(columns.shown, '=', id)
      .where('dropped', '=', 0)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('overrides')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where(columns.shown, '=', id)
      .where('expires_at', '>', now)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('screens')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where(columns.screenDefault, '=', id)
      .orderBy('name')
      .execute(),
  ]);
  return { schedules, overrides, screens };
}

/** The places a usage names, for a 409's message ("schedule 'Lunch', screen 'Lobby'"). */
export function usagePlaces(usage: ContentUsage & { layouts?: NamedRef[] }): string[] {
  return [
    ...usage.schedules.map((ref) => `schedule '${ref.name}'`),
    ...usage.overrides.map((ref) => `override '${ref.name}'`),
    ...usage.screens.map((ref) => `screen '${ref.name}'`),
    ...(usage.layouts ?? []).map((ref) => `layout '${ref.name}'`),
  ];
}
