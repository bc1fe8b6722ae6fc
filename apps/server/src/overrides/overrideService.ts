// Emergency overrides (docs/schedules.md §Model): a playlist, a layout or a message on the targeted screens until it expires
// (in the future, at most 7 days ahead) or is deleted; creating and deleting one refreshes exactly its screens at
// once. A screen has applied an override once the content version its player reports is at least the version that
// first carried it (override_screens, written by the timeline service).

import type { Kysely } from 'kysely';
import { MAX_OVERRIDE_MS, type OverrideInput, type OverrideView } from '@marquee/management-api';
import { recordChange, type Changer } from '../audit/auditRecord';
import type { Database, Override } from '../db/schema';
import { invalid, notFound } from '../domain/errors';
import type { GroupService } from '../groups/groupService';
import { chunks, parseTargets } from '../groups/membership';
import { newId } from '../ids';
import type { LayoutService } from '../layouts/layoutService';
import type { PlaylistService } from '../playlists/playlistService';
import type { TimelineService } from '../timelines/timelineService';
import { emitOverrideApplied } from '../webhooks/overrideEvents';
import type { WebhookEventSink } from '../webhooks/webhookEventSink';

export interface OverrideServiceOptions {
  db: Kysely<Database>;
  clock: () => number;
  groups: GroupService;
  playlists: PlaylistService;
  layouts: LayoutService;
  timelines: TimelineService;
  /** Where override.applied is emitted (docs/webhooks.md §Events). */
  events?: WebhookEventSink;
}

/** An override as its audit entries show it. */
const audited = (row: Override) => ({
  name: row.name,
  playlistId: row.playlist_id,
  layoutId: row.layout_id,
  message: row.message,
  targets: parseTargets(row.targets),
  expiresAt: Number(row.expires_at),
});

export class OverrideService {
  private readonly db: Kysely<Database>;

  constructor(private readonly options: OverrideServiceOptions) {
    this.db = options.db;
  }

  async create(by: Changer, input: OverrideInput): Promise<OverrideView> {
    const { orgId } = by;
    const now = this.options.clock();
    if (input.expiresAt <= now)
      throw invalid('INVALID_EXPIRY', 'expiresAt must be in the future', 'expiresAt');
    if (input.expiresAt > now + MAX_OVERRIDE_MS) {
      throw invalid('INVALID_EXPIRY', 'expiresAt must be at most 7 days ahead', 'expiresAt');
    }
    if (input.playlistId !== undefined)
      await this.options.playlists.find(orgId, input.playlistId, 'playlistId');
    if (input.layoutId !== undefined) await this.options.layouts.find(orgId, input.layoutId, 'layoutId');
    await this.options.groups.checkTargets(orgId, input.targets);
    const row: Override = {
      id: newId(now),
      org_id: orgId,
      name: input.name,
      playlist_id: input.playlistId ?? null,
      layout_id: input.layoutId ?? null,
      message: input.message ?? null,
      targets: JSON.stringify(input.targets),
      expires_at: input.expiresAt,
      created_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('overrides').values(row).execute();
      await recordChange(
        trx,
        by,
        { action: 'override.create', target: { type: 'override', id: row.id }, after: audited(row) },
        now,
      );
    });
    await this.options.timelines.refresh(orgId, await this.options.groups.screensOf(orgId, input.targets));
    const view = (await this.views(orgId, [row]))[0]!;
    if (this.options.events !== undefined)
      await emitOverrideApplied(this.options.events, orgId, view, 'issued');
    return view;
  }

  /**
   * A screen's player reported content version `to` (it had `from`): the overrides this report applied on the
   * screen that every targeted screen has now applied emit their 'complete' override.applied.
   */
  async screenApplied(orgId: string, screenId: string, from: number | null, to: number): Promise<void> {
    const events = this.options.events;
    if (events === undefined) return;
    let query = this.db
      .selectFrom('override_screens')
      .innerJoin('overrides', 'overrides.id', 'override_screens.override_id')
      .selectAll('overrides')
      .where('override_screens.screen_id', '=', screenId)
      .where('override_screens.version', '<=', to)
      .where('overrides.org_id', '=', orgId)
      .where('overrides.expires_at', '>', this.options.clock());
    if (from !== null) query = query.where('override_screens.version', '>', from);
    const reached = await query.execute();
    if (reached.length === 0) return;
    for (const view of await this.views(orgId, reached)) {
      if (view.targeted > 0 && view.applied === view.targeted) {
        await emitOverrideApplied(events, orgId, view, 'complete');
      }
    }
  }

  /** The active overrides, latest first, with the screens they target and those that have applied them. */
  async list(orgId: string): Promise<OverrideView[]> {
    const rows = await this.db
      .selectFrom('overrides')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('expires_at', '>', this.options.clock())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return this.views(orgId, rows);
  }

  /** Clears the override: its screens go back to what they showed, at once. */
  async delete(by: Changer, id: string): Promise<{ deleted: string }> {
    const { orgId } = by;
    const row = await this.db
      .selectFrom('overrides')
      .selectAll()
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (row === undefined) throw notFound('OVERRIDE_NOT_FOUND', `No override ${id} in your organisation`);
    const reached = await this.options.groups.screensOf(orgId, parseTargets(row.targets));
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('overrides').where('id', '=', id).execute();
      await recordChange(
        trx,
        by,
        { action: 'override.delete', target: { type: 'override', id }, before: audited(row) },
        this.options.clock(),
      );
    });
    await this.options.timelines.refresh(orgId, reached);
    return { deleted: id };
  }

  private async views(orgId: string, rows: readonly Override[]): Promise<OverrideView[]> {
    const views: OverrideView[] = [];
    for (const row of rows) {
      const targets = parseTargets(row.targets);
      const screens = [...(await this.options.groups.screensOf(orgId, targets))];
      const applied: string[] = [];
      for (const part of chunks(screens)) {
        const found = await this.db
          .selectFrom('override_screens')
          .innerJoin('screens', 'screens.id', 'override_screens.screen_id')
          .innerJoin('players', 'players.id', 'screens.player_id')
          .select('override_screens.screen_id')
          .where('override_screens.override_id', '=', row.id)
          .where('override_screens.screen_id', 'in', part)
          .whereRef('players.content_version', '>=', 'override_screens.version')
          .execute();
        applied.push(...found.map((entry) => entry.screen_id));
      }
      const playlist =
        row.playlist_id === null
          ? null
          : await this.db
              .selectFrom('playlists')
              .select(['id', 'name'])
              .where('id', '=', row.playlist_id)
              .executeTakeFirst();
      const layout =
        row.layout_id === null
          ? null
          : await this.db
              .selectFrom('layouts')
              .select(['id', 'name'])
              .where('id', '=', row.layout_id)
              .executeTakeFirst();
      views.push({
        id: row.id,
        name: row.name,
        playlist: playlist ?? null,
        layout: layout ?? null,
        message: row.message,
        targets,
        expiresAt: row.expires_at,
        createdAt: row.created_at,
        targeted: screens.length,
        applied: applied.length,
        appliedScreenIds: applied.sort(),
      });
    }
    return views;
  }
}
