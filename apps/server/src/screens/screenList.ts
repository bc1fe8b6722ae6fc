// GET /screens with its filters (docs/management-api.md §Screens): a name search, a tag, a group, a status, and
// pages by name. Without a limit every screen is answered, as before pages existed. Tags and groups are SQL
// (screen_tags, groups/membership.ts); the status is the player's live connection, read from its document for the
// candidates only until the page is full.

import { sql, type Kysely } from 'kysely';
import type { ScreenListQuery } from '@marquee/management-api';
import { playerDocumentPath } from '@marquee/protocol';
import type { Database, Screen } from '../db/schema';
import { decodePageCursor, encodePageCursor } from '../domain/pageCursor';
import { membersOfGroups } from '../groups/membership';
import type { DocumentStore } from '../realtime/documentStore';
import { documentBranch } from './screenViews';

interface ListDeps {
  db: Kysely<Database>;
  documents: DocumentStore;
}

/** A page position: the name and id of the last screen of the previous page. */
const positionOf = (screen: Pick<Screen, 'name' | 'id'>) => encodePageCursor([screen.name, screen.id]);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listScreens(
  deps: ListDeps,
  orgId: string,
  query: ScreenListQuery,
): Promise<{ screens: Screen[]; nextCursor: string | null }> {
  const { db } = deps;
  let select = db.selectFrom('screens').selectAll('screens').where('screens.org_id', '=', orgId);
  if (query.q !== undefined && query.q !== '') {
    // ESCAPE spelled out: SQLite has no default escape character (PostgreSQL's is the backslash already).
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
    select = select.where(sql<boolean>`lower(${sql.ref('screens.name')}) like ${pattern} escape '\\'`);
  }
  if (query.tag !== undefined) {
    const tag = query.tag;
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('screen_tags')
          .select('screen_tags.tag')
          .whereRef('screen_tags.screen_id', '=', 'screens.id')
          .where('screen_tags.tag', '=', tag),
      ),
    );
  }
  if (query.groupId !== undefined) {
    const members =
      (await membersOfGroups(db, orgId, [query.groupId])).get(query.groupId) ?? new Set<string>();
    if (members.size === 0) return { screens: [], nextCursor: null };
    select = select.where('screens.id', 'in', [...members]);
  }
  if (query.cursor !== undefined) {
    // The position is the last screen's (name, id); as a row value, a range of the index by (org_id, name, id).
    const [name, id] = decodePageCursor(query.cursor, ['string', 'string'], 'INVALID_CURSOR');
    select = select.where((eb) => eb(eb.refTuple('screens.name', 'screens.id'), '>', eb.tuple(name, id)));
  }
  select = select.orderBy('screens.name').orderBy('screens.id');
  if (query.status === undefined) {
    if (query.limit === undefined) return { screens: await select.execute(), nextCursor: null };
    const rows = await select.limit(query.limit + 1).execute();
    const page = rows.slice(0, query.limit);
    return {
      screens: page,
      nextCursor: rows.length > query.limit ? positionOf(page[page.length - 1]!) : null,
    };
  }
  const wanted = query.status === 'online';
  const found: Screen[] = [];
  const limit = query.limit ?? Number.POSITIVE_INFINITY;
  for (const screen of await select.execute()) {
    const doc =
      screen.player_id === null
        ? null
        : (await deps.documents.get(playerDocumentPath(screen.player_id))).value;
    if ((documentBranch(doc, 'connection')?.connected === true) !== wanted) continue;
    if (found.length === limit) return { screens: found, nextCursor: positionOf(found[found.length - 1]!) };
    found.push(screen);
  }
  return { screens: found, nextCursor: null };
}
