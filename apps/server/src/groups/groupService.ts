// Screen groups and tags (docs/schedules.md §Model): a group lists screens and matches tags; a screen's tags put it
// in every group whose match tags it all has, with no other edit. Every change that moves a screen into or out of a
// group that a schedule or override targets refreshes exactly those screens' timelines. Scoped to the operator's
// organisation: another organisation's group or screen is answered as one that does not exist.

import type { Kysely } from 'kysely';
import {
  MAX_TAGS,
  type BulkTagRequest,
  type GroupView,
  type NamedRef,
  type Targets,
} from '@marquee/management-api';
import type { Database, ScreenGroup } from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';
import { newId } from '../ids';
import { recordChange, type Changer } from '../audit/auditRecord';
import {
  chunks,
  membersOfGroups,
  parseStringList,
  parseTargets,
  screensOfTargets,
  tagsOfScreens,
} from './membership';

/** Refreshes the timelines of the organisation's screens named (timelines/timelineService.ts). */
export type RefreshScreens = (orgId: string, screenIds: Iterable<string>) => Promise<void>;

export interface GroupServiceOptions {
  db: Kysely<Database>;
  clock: () => number;
  refresh: RefreshScreens;
}

type GroupInput = { name: string; screenIds?: string[]; matchTags?: string[] };

export class GroupService {
  private readonly db: Kysely<Database>;

  constructor(private readonly options: GroupServiceOptions) {
    this.db = options.db;
  }

  async find(orgId: string, id: string): Promise<ScreenGroup> {
    const group = await this.db
      .selectFrom('screen_groups')
      .selectAll()
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (group === undefined) throw notFound('GROUP_NOT_FOUND', `No group ${id} in your organisation`);
    return group;
  }

  async list(orgId: string): Promise<GroupView[]> {
    const groups = await this.db
      .selectFrom('screen_groups')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy('name')
      .orderBy('id')
      .execute();
    const members = await membersOfGroups(
      this.db,
      orgId,
      groups.map((group) => group.id),
    );
    const listed = await this.listedScreens(groups.map((group) => group.id));
    return groups.map((group) =>
      this.view(group, listed.get(group.id) ?? [], members.get(group.id)?.size ?? 0),
    );
  }

  /** The group with its members, named and sorted. */
  async get(orgId: string, id: string): Promise<GroupView> {
    const { view, members } = await this.current(orgId, id);
    return { ...view, members: await this.named(orgId, [...members]) };
  }

  /** The group and its member ids as they are now (create and update answer the view without the names). */
  private async current(orgId: string, id: string): Promise<{ view: GroupView; members: Set<string> }> {
    const group = await this.find(orgId, id);
    const members = (await membersOfGroups(this.db, orgId, [id])).get(id) ?? new Set<string>();
    const listed = (await this.listedScreens([id])).get(id) ?? [];
    return { view: this.view(group, listed, members.size), members };
  }

  async create(by: Changer, request: GroupInput): Promise<GroupView> {
    const { orgId } = by;
    const screenIds = request.screenIds ?? [];
    await this.checkScreens(orgId, screenIds, 'screenIds');
    const now = this.options.clock();
    const id = newId(now);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('screen_groups')
        .values({
          id,
          org_id: orgId,
          name: request.name,
          match_tags: JSON.stringify(request.matchTags ?? []),
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const part of chunks(screenIds)) {
        await trx
          .insertInto('group_screens')
          .values(part.map((screenId) => ({ group_id: id, screen_id: screenId, org_id: orgId })))
          .execute();
      }
      const after = { name: request.name, screenIds, matchTags: request.matchTags ?? [] };
      await recordChange(trx, by, { action: 'group.create', target: { type: 'group', id }, after }, now);
    });
    // A new group is targeted by nothing yet: no timeline changes.
    return (await this.current(orgId, id)).view;
  }

  async update(by: Changer, id: string, patch: Partial<GroupInput>): Promise<GroupView> {
    const { orgId } = by;
    const group = await this.find(orgId, id);
    if (patch.name === undefined && patch.screenIds === undefined && patch.matchTags === undefined) {
      throw invalid('NOTHING_TO_CHANGE', 'Give at least one of name, screenIds or matchTags', 'body');
    }
    if (patch.screenIds !== undefined) await this.checkScreens(orgId, patch.screenIds, 'screenIds');
    const before = (await membersOfGroups(this.db, orgId, [id])).get(id) ?? new Set<string>();
    // The listed screens are in the entry only when they change: a group lists up to 20,000.
    const listedBefore =
      patch.screenIds === undefined ? undefined : ((await this.listedScreens([id])).get(id) ?? []);
    const now = this.options.clock();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('screen_groups')
        .set({
          name: patch.name ?? group.name,
          match_tags: patch.matchTags === undefined ? group.match_tags : JSON.stringify(patch.matchTags),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      if (patch.screenIds !== undefined) {
        // Only what changed: taking one screen out of a group of 20,000 is one row, not 40,000.
        const wanted = new Set(patch.screenIds);
        const listed = new Set(
          (
            await trx.selectFrom('group_screens').select('screen_id').where('group_id', '=', id).execute()
          ).map((row) => row.screen_id),
        );
        for (const part of chunks([...listed].filter((screenId) => !wanted.has(screenId)))) {
          await trx
            .deleteFrom('group_screens')
            .where('group_id', '=', id)
            .where('screen_id', 'in', part)
            .execute();
        }
        for (const part of chunks([...wanted].filter((screenId) => !listed.has(screenId)))) {
          await trx
            .insertInto('group_screens')
            .values(part.map((screenId) => ({ group_id: id, screen_id: screenId, org_id: orgId })))
            .execute();
        }
      }
      const matchTags = parseStringList(group.match_tags);
      await recordChange(
        trx,
        by,
        {
          action: 'group.update',
          target: { type: 'group', id },
          before: { name: group.name, matchTags, ...(listedBefore && { screenIds: listedBefore }) },
          after: {
            name: patch.name ?? group.name,
            matchTags: patch.matchTags ?? matchTags,
            ...(patch.screenIds && { screenIds: [...new Set(patch.screenIds)].sort() }),
          },
        },
        now,
      );
    });
    if ((await this.rulesTargeting(orgId, id)).length > 0) {
      const after = (await membersOfGroups(this.db, orgId, [id])).get(id) ?? new Set<string>();
      // Old and new members: a screen that left loses the group's rules, one that joined gains them.
      await this.options.refresh(orgId, new Set([...before, ...after]));
    }
    // Without the members' names: a group of 20,000 would be sorted and sent for nothing (GET answers them).
    return (await this.current(orgId, id)).view;
  }

  async delete(by: Changer, id: string): Promise<{ deleted: string }> {
    const { orgId } = by;
    const group = await this.find(orgId, id);
    const users = await this.rulesTargeting(orgId, id);
    if (users.length > 0) {
      const names = users.map((rule) => `${rule.kind} '${rule.name}'`).join(', ');
      throw conflict('GROUP_IN_USE', `The group '${group.name}' is targeted by ${names}`, {
        schedules: users
          .filter((rule) => rule.kind === 'schedule')
          .map(({ id: ruleId, name }) => ({ id: ruleId, name })),
        overrides: users
          .filter((rule) => rule.kind === 'override')
          .map(({ id: ruleId, name }) => ({ id: ruleId, name })),
      });
    }
    const listed = (await this.listedScreens([id])).get(id) ?? [];
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('screen_groups').where('id', '=', id).execute();
      const before = { name: group.name, screenIds: listed, matchTags: parseStringList(group.match_tags) };
      await recordChange(
        trx,
        by,
        { action: 'group.delete', target: { type: 'group', id }, before },
        this.options.clock(),
      );
    });
    return { deleted: id };
  }

  // ---- tags ----

  /**
   * Replaces a screen's tags through `trx` (the transaction of the screen's change); the caller refreshes its
   * timeline (its groups may change).
   */
  async writeTags(
    trx: Kysely<Database>,
    orgId: string,
    screenId: string,
    tags: readonly string[],
  ): Promise<void> {
    await trx.deleteFrom('screen_tags').where('screen_id', '=', screenId).execute();
    if (tags.length > 0) {
      await trx
        .insertInto('screen_tags')
        .values(tags.map((tag) => ({ screen_id: screenId, org_id: orgId, tag })))
        .execute();
    }
  }

  /**
   * Adds and removes tags on many screens; refused for all (400 naming 'add') when one would have more than
   * MAX_TAGS. Answers how many screens were named.
   */
  async bulkTags(by: Changer, request: BulkTagRequest): Promise<{ updated: number }> {
    const { orgId } = by;
    const screenIds = [...new Set(request.screenIds)];
    await this.checkScreens(orgId, screenIds, 'screenIds');
    const add = [...new Set(request.add ?? [])];
    const remove = request.remove ?? [];
    await this.db.transaction().execute(async (trx) => {
      // Checked in the transaction that writes, so a refusal leaves every screen as it was.
      if (add.length > 0) await this.checkTagCount(trx, orgId, screenIds, add, remove);
      for (const part of chunks(screenIds)) {
        if (remove.length > 0) {
          await trx
            .deleteFrom('screen_tags')
            .where('screen_id', 'in', part)
            .where('tag', 'in', remove)
            .execute();
        }
        if (add.length > 0) {
          await trx
            .insertInto('screen_tags')
            .values(
              part.flatMap((screenId) => add.map((tag) => ({ screen_id: screenId, org_id: orgId, tag }))),
            )
            .onConflict((oc) => oc.columns(['screen_id', 'tag']).doNothing())
            .execute();
        }
      }
      // One entry for the whole request: the screens it named, the tags added and removed.
      await recordChange(
        trx,
        by,
        { action: 'screen.tag', target: { type: 'screen', id: null }, after: { screenIds, add, remove } },
        this.options.clock(),
      );
    });
    await this.options.refresh(orgId, screenIds);
    return { updated: screenIds.length };
  }

  /** 400 naming 'add' when adding would take a screen past MAX_TAGS tags. */
  private async checkTagCount(
    db: Kysely<Database>,
    orgId: string,
    screenIds: readonly string[],
    add: readonly string[],
    remove: readonly string[],
  ): Promise<void> {
    const removed = new Set(remove);
    for (const [screenId, tags] of await tagsOfScreens(db, screenIds)) {
      const after = new Set([...tags.filter((tag) => !removed.has(tag)), ...add]);
      if (after.size <= MAX_TAGS) continue;
      // Read through the transaction: SQLite has one connection, which the transaction holds.
      const screen = await db
        .selectFrom('screens')
        .select(['id', 'name'])
        .where('id', '=', screenId)
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      throw invalid(
        'TOO_MANY_TAGS',
        `The screen '${screen?.name ?? screenId}' would have ${after.size} tags; a screen has at most ${MAX_TAGS}`,
        'add',
        { screen: screen ?? { id: screenId, name: '' } },
      );
    }
  }

  // ---- checks used by schedules and overrides ----

  /** 400 naming `${field}.{i}` for the first id that is not a screen of the organisation. */
  async checkScreens(orgId: string, screenIds: readonly string[], field: string): Promise<void> {
    const known = new Set<string>();
    for (const part of chunks(screenIds)) {
      const rows = await this.db
        .selectFrom('screens')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', 'in', part)
        .execute();
      for (const row of rows) known.add(row.id);
    }
    const index = screenIds.findIndex((id) => !known.has(id));
    if (index >= 0) {
      throw invalid(
        'UNKNOWN_SCREEN',
        `No screen ${screenIds[index]} in your organisation`,
        `${field}.${index}`,
      );
    }
  }

  /** 400 naming 'targets.screenIds.{i}' or 'targets.groupIds.{i}' for an id not of the organisation. */
  async checkTargets(orgId: string, targets: Targets): Promise<void> {
    await this.checkScreens(orgId, targets.screenIds, 'targets.screenIds');
    const known = new Set<string>();
    for (const part of chunks(targets.groupIds)) {
      const rows = await this.db
        .selectFrom('screen_groups')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', 'in', part)
        .execute();
      for (const row of rows) known.add(row.id);
    }
    const index = targets.groupIds.findIndex((id) => !known.has(id));
    if (index >= 0) {
      throw invalid(
        'UNKNOWN_GROUP',
        `No group ${targets.groupIds[index]} in your organisation`,
        `targets.groupIds.${index}`,
      );
    }
  }

  /** The screens `targets` reach now. */
  async screensOf(orgId: string, targets: Targets): Promise<Set<string>> {
    return screensOfTargets(this.db, orgId, targets);
  }

  // ---- reads ----

  private view(group: ScreenGroup, screenIds: string[], memberCount: number): GroupView {
    return {
      id: group.id,
      name: group.name,
      screenIds,
      matchTags: parseStringList(group.match_tags),
      memberCount,
      createdAt: group.created_at,
      updatedAt: group.updated_at,
    };
  }

  private async listedScreens(groupIds: readonly string[]): Promise<Map<string, string[]>> {
    const listed = new Map<string, string[]>();
    for (const part of chunks(groupIds)) {
      const rows = await this.db
        .selectFrom('group_screens')
        .select(['group_id', 'screen_id'])
        .where('group_id', 'in', part)
        .orderBy('screen_id')
        .execute();
      // Pushed, not copied: a group lists up to 20,000 screens.
      for (const row of rows) {
        const screens = listed.get(row.group_id);
        if (screens === undefined) listed.set(row.group_id, [row.screen_id]);
        else screens.push(row.screen_id);
      }
    }
    return listed;
  }

  private async named(orgId: string, screenIds: readonly string[]): Promise<NamedRef[]> {
    const named: NamedRef[] = [];
    for (const part of chunks(screenIds)) {
      named.push(
        ...(await this.db
          .selectFrom('screens')
          .select(['id', 'name'])
          .where('org_id', '=', orgId)
          .where('id', 'in', part)
          .execute()),
      );
    }
    return named.sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  }

  /** Schedules and overrides (still active) whose targets name the group. */
  private async rulesTargeting(
    orgId: string,
    groupId: string,
  ): Promise<{ kind: 'schedule' | 'override'; id: string; name: string }[]> {
    const pattern = `%"${groupId}"%`;
    const schedules = await this.db
      .selectFrom('schedules')
      .select(['id', 'name', 'targets'])
      .where('org_id', '=', orgId)
      .where('targets', 'like', pattern)
      .execute();
    const overrides = await this.db
      .selectFrom('overrides')
      .select(['id', 'name', 'targets'])
      .where('org_id', '=', orgId)
      .where('targets', 'like', pattern)
      .where('expires_at', '>', this.options.clock())
      .execute();
    const names = (rows: typeof schedules) =>
      rows.filter((row) => parseTargets(row.targets).groupIds.includes(groupId));
    return [
      ...names(schedules).map((row) => ({ kind: 'schedule' as const, id: row.id, name: row.name })),
      ...names(overrides).map((row) => ({ kind: 'override' as const, id: row.id, name: row.name })),
    ];
  }
}
