// Where a layout is used: by schedules that have not been dropped, by overrides that have not expired, and by
// screens as their default content. Its deletion is refused while any uses it (409 LAYOUT_IN_USE naming them).

import type { Kysely } from 'kysely';
import type { LayoutUsage } from '@marquee/management-api';
import type { Database } from '../db/schema';

export async function layoutUsage(
  db: Kysely<Database>,
  orgId: string,
  layoutId: string,
  now: number,
): Promise<LayoutUsage> {
  const [schedules, overrides, screens] = await Promise.all([
    db
      .selectFrom('schedules')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('layout_id', '=', layoutId)
      .where('dropped', '=', 0)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('overrides')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('layout_id', '=', layoutId)
      .where('expires_at', '>', now)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('screens')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('default_layout_id', '=', layoutId)
      .orderBy('name')
      .execute(),
  ]);
  return { schedules, overrides, screens };
}

/** Where the usage names, for a 409's message ("schedule 'Lunch', screen 'Lobby'"). */
export function usagePlaces(usage: LayoutUsage): string[] {
  return [
    ...usage.schedules.map((ref) => `schedule '${ref.name}'`),
    ...usage.overrides.map((ref) => `override '${ref.name}'`),
    ...usage.screens.map((ref) => `screen '${ref.name}'`),
  ];
}
