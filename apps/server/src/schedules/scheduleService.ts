// Schedules (docs/schedules.md §Model): a playlist or a layout on the targeted screens in local-time windows. Every
// change refreshes the timelines of the screens the schedule reached before and reaches after, at once. Targets and
// the playlist or layout must be the organisation's (another's is refused as one that does not exist: 400 naming
// the field).

import type { Kysely } from 'kysely';
import {
  SCREEN_TIME_ZONE,
  scheduleWindowProblem,
  type ScheduleInput,
  type ScheduleOverlaps,
  type SchedulePatchInput,
  type ScheduleView,
  type Targets,
} from '@marquee/management-api';
import { formatIsoWithOffset } from '@marquee/protocol';
import { equalPriorityOverlaps, type ScheduleRule } from '@marquee/timeline';
import type { Database, Schedule } from '../db/schema';
import { invalid, notFound } from '../domain/errors';
import type { GroupService } from '../groups/groupService';
import { chunks, parseStringList, parseTargets } from '../groups/membership';
import { newId } from '../ids';
import { recordChange, type Changer } from '../audit/auditRecord';
import type { LayoutService } from '../layouts/layoutService';
import type { PlaylistService } from '../playlists/playlistService';
import { ruleSetKey } from '../timelines/screenRules';
import type { TimelineService } from '../timelines/timelineService';

/** How far ahead validate looks for overlaps. */
export const OVERLAP_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The last window of a schedule ending on `endsOn` may run overnight into the next day, in a zone up to 12 hours
 * behind UTC: after endsOn + 2 days + 14 hours (UTC) no window of it is left anywhere.
 */
const ENDED_MARGIN_MS = 2 * DAY_MS + 14 * 60 * 60 * 1000;

export interface ScheduleServiceOptions {
  db: Kysely<Database>;
  clock: () => number;
  groups: GroupService;
  playlists: PlaylistService;
  layouts: LayoutService;
  timelines: TimelineService;
}

type Fields = Omit<Schedule, 'id' | 'org_id' | 'dropped' | 'created_at' | 'updated_at'>;

function endsAtOf(endsOn: string | null): number | null {
  return endsOn === null ? null : Date.parse(`${endsOn}T00:00:00Z`) + ENDED_MARGIN_MS;
}

function fieldsOf(input: ScheduleInput): Fields {
  return {
    name: input.name,
    playlist_id: input.playlistId ?? null,
    layout_id: input.playlistId === undefined ? (input.layoutId ?? null) : null,
    targets: JSON.stringify(input.targets),
    priority: input.priority,
    starts_on: input.startsOn,
    ends_on: input.endsOn ?? null,
    days: input.days == null ? null : JSON.stringify(input.days),
    from_time: input.from ?? null,
    to_time: input.to ?? null,
    timezone: input.timezone ?? SCREEN_TIME_ZONE,
    ends_at: endsAtOf(input.endsOn ?? null),
  };
}

function ruleOf(id: string, fields: Fields): ScheduleRule {
  return {
    id,
    name: fields.name,
    // The content key: a playlist's or a layout's id (docs/layouts.md §The player's form).
    playlistId: fields.playlist_id ?? fields.layout_id ?? '',
    priority: fields.priority,
    startsOn: fields.starts_on,
    endsOn: fields.ends_on,
    days: fields.days === null ? null : (parseStringList(fields.days) as ScheduleRule['days']),
    from: fields.from_time,
    to: fields.to_time,
    timezone: fields.timezone === SCREEN_TIME_ZONE ? null : fields.timezone,
  };
}

/** A schedule as its audit entries show it (before and after a change). */
function audited(fields: Fields) {
  const { id: _id, playlistId: _key, ...rule } = ruleOf('', fields);
  return {
    ...rule,
    playlistId: fields.playlist_id,
    layoutId: fields.layout_id,
    targets: parseTargets(fields.targets),
  };
}

export class ScheduleService {
  private readonly db: Kysely<Database>;

  constructor(private readonly options: ScheduleServiceOptions) {
    this.db = options.db;
  }

  async find(orgId: string, id: string): Promise<Schedule> {
    const schedule = await this.db
      .selectFrom('schedules')
      .selectAll()
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (schedule === undefined)
      throw notFound('SCHEDULE_NOT_FOUND', `No schedule ${id} in your organisation`);
    return schedule;
  }

  async list(orgId: string): Promise<ScheduleView[]> {
    const rows = await this.db
      .selectFrom('schedules')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy('priority', 'desc')
      .orderBy('name')
      .orderBy('id')
      .execute();
    return this.views(orgId, rows);
  }

  async get(orgId: string, id: string): Promise<ScheduleView> {
    return (await this.views(orgId, [await this.find(orgId, id)]))[0]!;
  }

  async create(by: Changer, input: ScheduleInput): Promise<ScheduleView> {
    const { orgId } = by;
    await this.check(orgId, input);
    const now = this.options.clock();
    const row: Schedule = {
      id: newId(now),
      org_id: orgId,
      ...fieldsOf(input),
      dropped: 0,
      created_at: now,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('schedules').values(row).execute();
      const target = { type: 'schedule', id: row.id };
      await recordChange(trx, by, { action: 'schedule.create', target, after: audited(row) }, now);
    });
    await this.options.timelines.refresh(orgId, await this.options.groups.screensOf(orgId, input.targets));
    return this.get(orgId, row.id);
  }

  async update(by: Changer, id: string, patch: SchedulePatchInput): Promise<ScheduleView> {
    const { orgId } = by;
    const row = await this.find(orgId, id);
    if (Object.values(patch).every((value) => value === undefined)) {
      throw invalid('NOTHING_TO_CHANGE', 'Give at least one field to change', 'body');
    }
    const before = parseTargets(row.targets);
    const merged: ScheduleInput = {
      name: patch.name ?? row.name,
      // Either one replaces the schedule's playlist or layout.
      ...(patch.playlistId !== undefined || patch.layoutId !== undefined
        ? { playlistId: patch.playlistId, layoutId: patch.layoutId }
        : { playlistId: row.playlist_id ?? undefined, layoutId: row.layout_id ?? undefined }),
      targets: patch.targets ?? before,
      priority: patch.priority ?? row.priority,
      startsOn: patch.startsOn ?? row.starts_on,
      endsOn: patch.endsOn === undefined ? row.ends_on : patch.endsOn,
      days:
        patch.days === undefined
          ? row.days === null
            ? null
            : (parseStringList(row.days) as ScheduleInput['days'])
          : patch.days,
      from: patch.from === undefined ? row.from_time : patch.from,
      to: patch.to === undefined ? row.to_time : patch.to,
      timezone: patch.timezone ?? row.timezone,
    };
    const problem = scheduleWindowProblem(merged);
    if (problem !== null)
      throw invalid('INVALID_SCHEDULE', `${problem.field} ${problem.message}`, problem.field);
    await this.check(orgId, merged);
    const reached = await this.options.groups.screensOf(orgId, before);
    const now = this.options.clock();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('schedules')
        .set({ ...fieldsOf(merged), dropped: 0, updated_at: now })
        .where('id', '=', id)
        .execute();
      await recordChange(
        trx,
        by,
        {
          action: 'schedule.update',
          target: { type: 'schedule', id },
          before: audited(row),
          after: audited(fieldsOf(merged)),
        },
        now,
      );
    });
    for (const screenId of await this.options.groups.screensOf(orgId, merged.targets)) reached.add(screenId);
    await this.options.timelines.refresh(orgId, reached);
    return this.get(orgId, id);
  }

  async delete(by: Changer, id: string): Promise<{ deleted: string }> {
    const { orgId } = by;
    const row = await this.find(orgId, id);
    const reached = await this.options.groups.screensOf(orgId, parseTargets(row.targets));
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('schedules').where('id', '=', id).execute();
      const change = { action: 'schedule.delete', target: { type: 'schedule', id }, before: audited(row) };
      await recordChange(trx, by, change, this.options.clock());
    });
    await this.options.timelines.refresh(orgId, reached);
    return { deleted: id };
  }

  /** Where the schedule would share targeted screens with others of its priority, over the next 14 days. */
  async validate(orgId: string, input: ScheduleInput): Promise<ScheduleOverlaps> {
    await this.check(orgId, input);
    const candidate = ruleOf('(new)', fieldsOf(input));
    const from = this.options.clock();
    const to = from + OVERLAP_DAYS * DAY_MS;
    const overlaps: ScheduleOverlaps['overlaps'] = [];
    const ids = [...(await this.options.groups.screensOf(orgId, input.targets))];
    const found = new Map<string, ReturnType<typeof equalPriorityOverlaps>>();
    for (const part of chunks(ids)) {
      const screens = await this.db.selectFrom('screens').selectAll().where('id', 'in', part).execute();
      for (const entry of await this.options.timelines.rulesOf(orgId, screens)) {
        const key = ruleSetKey(entry.rules);
        let list = found.get(key);
        if (list === undefined) {
          const { schedules, timezone } = entry.rules;
          found.set(key, (list = equalPriorityOverlaps(candidate, schedules, timezone, from, to)));
        }
        for (const overlap of list) {
          overlaps.push({
            screen: { id: entry.screen.id, name: entry.screen.name },
            schedule: { id: overlap.scheduleId, name: overlap.name },
            start: formatIsoWithOffset(overlap.start, entry.rules.timezone),
            end: formatIsoWithOffset(overlap.end, entry.rules.timezone),
          });
        }
      }
    }
    return { overlaps, days: OVERLAP_DAYS };
  }

  private async check(
    orgId: string,
    input: Pick<ScheduleInput, 'playlistId' | 'layoutId'> & { targets: Targets },
  ): Promise<void> {
    if (input.playlistId !== undefined)
      await this.options.playlists.find(orgId, input.playlistId, 'playlistId');
    else if (input.layoutId !== undefined) await this.options.layouts.find(orgId, input.layoutId, 'layoutId');
    await this.options.groups.checkTargets(orgId, input.targets);
  }

  private async views(orgId: string, rows: readonly Schedule[]): Promise<ScheduleView[]> {
    const names = new Map<string, string>();
    for (const table of ['playlists', 'layouts'] as const) {
      const ids = [
        ...new Set(rows.flatMap((row) => (table === 'playlists' ? row.playlist_id : row.layout_id) ?? [])),
      ];
      for (const part of chunks(ids)) {
        const found = await this.db
          .selectFrom(table)
          .select(['id', 'name'])
          .where('org_id', '=', orgId)
          .where('id', 'in', part)
          .execute();
        for (const entry of found) names.set(entry.id, entry.name);
      }
    }
    const ref = (id: string | null) => (id === null ? null : { id, name: names.get(id) ?? '' });
    const now = this.options.clock();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      playlist: ref(row.playlist_id),
      layout: ref(row.layout_id),
      targets: parseTargets(row.targets),
      priority: row.priority,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      days: row.days === null ? null : (parseStringList(row.days) as ScheduleView['days']),
      from: row.from_time,
      to: row.to_time,
      timezone: row.timezone,
      ended: row.dropped === 1 || (row.ends_at !== null && row.ends_at <= now),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }
}
