// Which feeds an organisation's layouts show: one row per organisation and URL (docs/layouts.md §Feeds). A layout's
// save registers its feed apps' URLs here; the player's form of a feed app names the row's public address
// (GET /feeds/{id}), never the feed itself, so a screen only ever loads the server's cleaned copy.

import type { Kysely } from 'kysely';
import { newId } from '../ids';
import type { Database } from '../db/schema';

/** Where players fetch the cleaned copy of feed `feedId`. */
export function feedSrc(publicUrl: string, feedId: string): string {
  return `${publicUrl}/feeds/${feedId}`;
}

/** The ids of the organisation's feeds at `urls` (those registered; others are absent from the map). */
export async function feedIdsOf(
  db: Kysely<Database>,
  orgId: string,
  urls: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(urls)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('feeds')
    .select(['id', 'url'])
    .where('org_id', '=', orgId)
    .where('url', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.url, row.id]));
}

/** Registers the feeds at `urls` for the organisation (those not yet known) and answers every one's id. */
export async function ensureFeeds(
  db: Kysely<Database>,
  orgId: string,
  urls: readonly string[],
  nowMs: number,
): Promise<Map<string, string>> {
  const unique = [...new Set(urls)];
  if (unique.length === 0) return new Map();
  await db
    .insertInto('feeds')
    .values(
      unique.map((url) => ({
        id: newId(nowMs),
        org_id: orgId,
        url,
        body: null,
        fetched_at: null,
        checked_at: null,
        error: null,
        created_at: nowMs,
      })),
    )
    .onConflict((conflict) => conflict.columns(['org_id', 'url']).doNothing())
    .execute();
  return feedIdsOf(db, orgId, unique);
}
