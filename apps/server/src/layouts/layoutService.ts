// Layouts (docs/layouts.md §Model): a screen divided into zones, each playing a playlist or a built-in app. A layout
// is content like a playlist: a screen's default content, a schedule's or an override's. Beyond the contract's
// schema, every zone's playlist must be the organisation's (another's is refused as unknown: 400 naming
// 'zones.N.content.playlistId'); the playlists the zones play are kept in layout_playlists and the feed apps' URLs
// registered (feeds/feedRegistry.ts) in the same transaction. Editing one refreshes the timelines of every screen
// showing it; one in use cannot be deleted (409 LAYOUT_IN_USE naming where it is used).

import type { Kysely } from 'kysely';
import type { LayoutInput, LayoutPatchInput, LayoutView, Zone } from '@marquee/management-api';
import { LAYOUT_DEFAULT_BACKGROUND, LAYOUT_DEFAULT_DURATION_MS } from '@marquee/protocol';
import { recordChange, type Changer } from '../audit/auditRecord';
import type { Database, Layout } from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';
import { ensureFeeds } from '../feeds/feedRegistry';
import type { RefreshScreens } from '../groups/groupService';
import { chunks } from '../groups/membership';
import { newId } from '../ids';
import { screensShowing } from '../timelines/screensShowing';
import { contentUsage, usagePlaces } from '../domain/contentUsage';
import { feedUrlsOfZones, normalisedZones, parseStoredZones, playlistIdsOfZones } from './storedZones';

export interface LayoutServiceOptions {
  db: Kysely<Database>;
  clock: () => number;
  refresh: RefreshScreens;
}

const DEFAULT_ASPECT = 'landscape';

type Fields = Pick<Layout, 'name' | 'aspect' | 'background' | 'duration_ms'> & { zones: Zone[] };

/** A layout as its audit entries show it (before and after a change). */
const audited = (fields: Fields) => ({
  name: fields.name,
  aspect: fields.aspect,
  background: fields.background,
  durationMs: fields.duration_ms,
  zones: fields.zones,
});

function fieldsOf(row: Layout): Fields {
  return {
    name: row.name,
    aspect: row.aspect,
    background: row.background,
    duration_ms: Number(row.duration_ms),
    zones: parseStoredZones(row.zones),
  };
}

export class LayoutService {
  private readonly db: Kysely<Database>;

  constructor(private readonly options: LayoutServiceOptions) {
    this.db = options.db;
  }

  /** The layout of the organisation; 404 (or a 400 naming `field`, when given) for another's or none. */
  async find(orgId: string, id: string, field?: string): Promise<Layout> {
    const layout = await this.db
      .selectFrom('layouts')
      .selectAll()
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (layout !== undefined) return layout;
    const message = `No layout ${id} in your organisation`;
    throw field === undefined
      ? notFound('LAYOUT_NOT_FOUND', message)
      : invalid('UNKNOWN_LAYOUT', message, field);
  }

  async list(orgId: string): Promise<LayoutView[]> {
    const rows = await this.db
      .selectFrom('layouts')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return Promise.all(rows.map((row) => this.view(row)));
  }

  async get(orgId: string, id: string): Promise<LayoutView> {
    return this.view(await this.find(orgId, id));
  }

  async create(by: Changer, input: LayoutInput): Promise<LayoutView> {
    const { orgId } = by;
    const zones = normalisedZones(input.zones);
    await this.checkPlaylists(orgId, zones);
    const now = this.options.clock();
    const fields: Fields = {
      name: input.name,
      aspect: input.aspect ?? DEFAULT_ASPECT,
      background: input.background ?? LAYOUT_DEFAULT_BACKGROUND,
      duration_ms: input.durationMs ?? LAYOUT_DEFAULT_DURATION_MS,
      zones,
    };
    const row: Layout = {
      id: newId(now),
      org_id: orgId,
      ...fields,
      zones: JSON.stringify(zones),
      created_at: now,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('layouts').values(row).execute();
      await this.writeReferences(trx, orgId, row.id, zones, now);
      const target = { type: 'layout', id: row.id };
      await recordChange(trx, by, { action: 'layout.create', target, after: audited(fields) }, now);
    });
    return this.view(row);
  }

  async update(by: Changer, id: string, patch: LayoutPatchInput): Promise<LayoutView> {
    const { orgId } = by;
    const row = await this.find(orgId, id);
    if (Object.values(patch).every((value) => value === undefined)) {
      throw invalid('NOTHING_TO_CHANGE', 'Give at least one field to change', 'body');
    }
    const before = fieldsOf(row);
    const zones = patch.zones === undefined ? before.zones : normalisedZones(patch.zones);
    if (patch.zones !== undefined) await this.checkPlaylists(orgId, zones);
    const after: Fields = {
      name: patch.name ?? before.name,
      aspect: patch.aspect ?? before.aspect,
      background: patch.background ?? before.background,
      duration_ms: patch.durationMs ?? before.duration_ms,
      zones,
    };
    const now = this.options.clock();
    const updated: Layout = { ...row, ...after, zones: JSON.stringify(zones), updated_at: now };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('layouts')
        .set({
          name: updated.name,
          aspect: updated.aspect,
          background: updated.background,
          duration_ms: updated.duration_ms,
          zones: updated.zones,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      await this.writeReferences(trx, orgId, id, zones, now);
      const change = {
        action: 'layout.update',
        target: { type: 'layout', id },
        before: audited(before),
        after: audited(after),
      };
      await recordChange(trx, by, change, now);
    });
    await this.options.refresh(orgId, await this.screensShowing(orgId, [id]));
    return this.view(updated);
  }

  async delete(by: Changer, id: string): Promise<{ deleted: string }> {
    const { orgId } = by;
    const layout = await this.find(orgId, id);
    const usage = await contentUsage(this.db, orgId, 'layout', id, this.options.clock());
    const places = usagePlaces(usage);
    if (places.length > 0) {
      throw conflict('LAYOUT_IN_USE', `The layout '${layout.name}' is used by ${places.join(', ')}`, usage);
    }
    // Dropped schedules and expired overrides no longer use it; they go with it.
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('schedules').where('layout_id', '=', id).execute();
      await trx.deleteFrom('overrides').where('layout_id', '=', id).execute();
      await trx.deleteFrom('layout_playlists').where('layout_id', '=', id).execute();
      await trx.deleteFrom('layouts').where('id', '=', id).execute();
      const change = {
        action: 'layout.delete',
        target: { type: 'layout', id },
        before: audited(fieldsOf(layout)),
      };
      await recordChange(trx, by, change, this.options.clock());
    });
    return { deleted: id };
  }

  /** The screens showing any of the layouts: as default content, through a schedule or an active override. */
  async screensShowing(orgId: string, layoutIds: readonly string[]): Promise<Set<string>> {
    return screensShowing(this.db, orgId, { layoutIds }, this.options.clock());
  }

  /** 400 naming the first zone whose playlist is not the organisation's. */
  private async checkPlaylists(orgId: string, zones: readonly Zone[]): Promise<void> {
    const known = new Set<string>();
    for (const part of chunks(playlistIdsOfZones(zones))) {
      const rows = await this.db
        .selectFrom('playlists')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', 'in', part)
        .execute();
      for (const row of rows) known.add(row.id);
    }
    zones.forEach((zone, index) => {
      if ('playlistId' in zone.content && !known.has(zone.content.playlistId)) {
        throw invalid(
          'UNKNOWN_PLAYLIST',
          `No playlist ${zone.content.playlistId} in your organisation`,
          `zones.${index}.content.playlistId`,
        );
      }
    });
  }

  /** Keeps layout_playlists as the zones say and registers their feeds, in the layout's transaction. */
  private async writeReferences(
    trx: Kysely<Database>,
    orgId: string,
    layoutId: string,
    zones: readonly Zone[],
    now: number,
  ): Promise<void> {
    await trx.deleteFrom('layout_playlists').where('layout_id', '=', layoutId).execute();
    const playlistIds = playlistIdsOfZones(zones);
    if (playlistIds.length > 0) {
      await trx
        .insertInto('layout_playlists')
        .values(
          playlistIds.map((playlistId) => ({ layout_id: layoutId, playlist_id: playlistId, org_id: orgId })),
        )
        .execute();
    }
    await ensureFeeds(trx, orgId, feedUrlsOfZones(zones), now);
  }

  private async view(row: Layout): Promise<LayoutView> {
    const fields = fieldsOf(row);
    return {
      id: row.id,
      name: fields.name,
      aspect: fields.aspect === 'portrait' ? 'portrait' : 'landscape',
      background: fields.background,
      durationMs: fields.duration_ms,
      zones: fields.zones.map((zone, index) => ({
        ...zone,
        name: zone.name ?? '',
        z: zone.z ?? index,
      })),
      usedBy: await contentUsage(this.db, row.org_id, 'layout', row.id, this.options.clock()),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }
}
