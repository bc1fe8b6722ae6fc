// Who is in a group, and which groups a screen is in: the screens a group lists (group_screens) plus every screen
// having ALL of its match tags (screen_tags), answered in SQL so that it holds for 20,000 screens. Targets (of a
// schedule or override) resolve to screens through here. Shared by the group service (members, 409s) and the
// timeline service (which rules reach a screen).

import type { Kysely } from 'kysely';
import type { Targets } from '@marquee/management-api';
import type { Database } from '../db/schema';

/** SQLite's bound-parameter limit is 32,766; lists are queried in chunks well below it. */
export const ID_CHUNK = 500;

export function chunks<T>(list: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function parseStringList(text: string | null): string[] {
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function parseTargets(text: string): Targets {
  try {
    const value = JSON.parse(text) as Partial<Targets>;
    return {
      screenIds: Array.isArray(value.screenIds) ? value.screenIds : [],
      groupIds: Array.isArray(value.groupIds) ? value.groupIds : [],
      all: value.all === true,
    };
  } catch {
    return { screenIds: [], groupIds: [], all: false };
  }
}

/** The screens of the organisation having every one of `tags` (none for no tags: a group matches by tags only when it has some). */
export async function screensWithTags(
  db: Kysely<Database>,
  orgId: string,
  tags: readonly string[],
): Promise<string[]> {
  if (tags.length === 0) return [];
  const rows = await db
    .selectFrom('screen_tags')
    .select('screen_id')
    .where('org_id', '=', orgId)
    .where('tag', 'in', [...tags])
    .groupBy('screen_id')
    .having((eb) => eb.fn.count('tag').distinct(), '=', tags.length)
    .execute();
  return rows.map((row) => row.screen_id);
}

/** The members of each group: listed, or having all its match tags. */
export async function membersOfGroups(
  db: Kysely<Database>,
  orgId: string,
  groupIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const members = new Map<string, Set<string>>(groupIds.map((id) => [id, new Set<string>()]));
  if (groupIds.length === 0) return members;
  for (const part of chunks(groupIds)) {
    const groups = await db
      .selectFrom('screen_groups')
      .select(['id', 'match_tags'])
      .where('org_id', '=', orgId)
      .where('id', 'in', part)
      .execute();
    for (const group of groups) {
      for (const screenId of await screensWithTags(db, orgId, parseStringList(group.match_tags))) {
        members.get(group.id)?.add(screenId);
      }
    }
    const listed = await db
      .selectFrom('group_screens')
      .select(['group_id', 'screen_id'])
      .where('org_id', '=', orgId)
      .where('group_id', 'in', part)
      .execute();
    for (const row of listed) members.get(row.group_id)?.add(row.screen_id);
  }
  return members;
}

/** The screens `targets` reach now, in the organisation. */
export async function screensOfTargets(
  db: Kysely<Database>,
  orgId: string,
  targets: Targets,
): Promise<Set<string>> {
  if (targets.all) {
    const rows = await db.selectFrom('screens').select('id').where('org_id', '=', orgId).execute();
    return new Set(rows.map((row) => row.id));
  }
  const screens = new Set<string>();
  for (const part of chunks(targets.screenIds)) {
    const rows = await db
      .selectFrom('screens')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', 'in', part)
      .execute();
    for (const row of rows) screens.add(row.id);
  }
  for (const members of (await membersOfGroups(db, orgId, targets.groupIds)).values()) {
    for (const id of members) screens.add(id);
  }
  return screens;
}

/** The groups each screen is in: those listing it and those whose match tags it all has. */
export async function groupsOfScreens(
  db: Kysely<Database>,
  orgId: string,
  screenIds: readonly string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(screenIds.map((id) => [id, []]));
  if (screenIds.length === 0) return result;
  const groups = await db
    .selectFrom('screen_groups')
    .select(['id', 'match_tags'])
    .where('org_id', '=', orgId)
    .execute();
  const tagged = groups
    .map((group) => ({ id: group.id, tags: parseStringList(group.match_tags) }))
    .filter((group) => group.tags.length > 0);
  const tags = await tagsOfScreens(db, screenIds);
  for (const part of chunks(screenIds)) {
    const listed = await db
      .selectFrom('group_screens')
      .select(['group_id', 'screen_id'])
      .where('screen_id', 'in', part)
      .execute();
    for (const row of listed) result.get(row.screen_id)?.push(row.group_id);
  }
  for (const screenId of screenIds) {
    const own = new Set(tags.get(screenId) ?? []);
    const list = result.get(screenId)!;
    for (const group of tagged) {
      if (group.tags.every((tag) => own.has(tag)) && !list.includes(group.id)) list.push(group.id);
    }
  }
  return result;
}

/** Each screen's tags, sorted. */
export async function tagsOfScreens(
  db: Kysely<Database>,
  screenIds: readonly string[],
): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>(screenIds.map((id) => [id, []]));
  for (const part of chunks(screenIds)) {
    const rows = await db
      .selectFrom('screen_tags')
      .select(['screen_id', 'tag'])
      .where('screen_id', 'in', part)
      .orderBy('tag')
      .execute();
    for (const row of rows) tags.get(row.screen_id)?.push(row.tag);
  }
  return tags;
}
