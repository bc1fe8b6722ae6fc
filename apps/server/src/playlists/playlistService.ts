// Playlists (docs/schedules.md §Model): named lists of items, each like a screen's content item (an http(s) URL or a
// media id of the organisation; screens/content.ts resolves them, naming 'items.2.src'). Editing one refreshes the
// timelines of every screen that shows it; one in use cannot be deleted (409 naming where it is used). Scoped to
// the operator's organisation: another organisation's playlist is answered as one that does not exist.

import type { Kysely } from 'kysely';
import type { ContentItems, NamedRef, PlaylistUsage, PlaylistView } from '@marquee/management-api';
import type { Database, Playlist } from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';
import type { RefreshScreens } from '../groups/groupService';
import { newId } from '../ids';
import { recordChange, type Changer } from '../audit/auditRecord';
import type { MediaCatalog } from '../media/mediaCatalog';
import { mediaIdsOf, parseSources, resolveSources } from '../screens/content';
import { screensShowing } from '../timelines/screensShowing';
import { usagePlaces } from '../domain/contentUsage';
import { playlistUsage } from './playlistUsage';

export interface PlaylistServiceOptions {
  db: Kysely<Database>;
  media: MediaCatalog;
  clock: () => number;
  refresh: RefreshScreens;
}

/** A playlist as its audit entries show it (before and after a change). */
const audited = (row: Pick<Playlist, 'name' | 'items'>) => ({
  name: row.name,
  items: parseSources(row.items),
});

export class PlaylistService {
  private readonly db: Kysely<Database>;

  constructor(private readonly options: PlaylistServiceOptions) {
    this.db = options.db;
  }

  /** The playlist of the organisation; 404 (or a 400 naming `field`, when given) for another's or none. */
  async find(orgId: string, id: string, field?: string): Promise<Playlist> {
    const playlist = await this.db
      .selectFrom('playlists')
      .selectAll()
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (playlist !== undefined) return playlist;
    const message = `No playlist ${id} in your organisation`;
    throw field === undefined
      ? notFound('PLAYLIST_NOT_FOUND', message)
      : invalid('UNKNOWN_PLAYLIST', message, field);
  }

  async list(orgId: string): Promise<PlaylistView[]> {
    const rows = await this.db
      .selectFrom('playlists')
      .selectAll()
      .where('org_id', '=', orgId)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return Promise.all(rows.map((row) => this.view(row)));
  }

  async get(orgId: string, id: string): Promise<PlaylistView> {
    return this.view(await this.find(orgId, id));
  }

  async create(by: Changer, request: { name: string; items: ContentItems }): Promise<PlaylistView> {
    const { orgId } = by;
    const sources = await this.resolve(orgId, request.items);
    const now = this.options.clock();
    const row: Playlist = {
      id: newId(now),
      org_id: orgId,
      name: request.name,
      items: JSON.stringify(sources),
      created_at: now,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('playlists').values(row).execute();
      const target = { type: 'playlist', id: row.id };
      await recordChange(trx, by, { action: 'playlist.create', target, after: audited(row) }, now);
    });
    return this.view(row);
  }

  async update(
    by: Changer,
    id: string,
    patch: { name?: string; items?: ContentItems },
  ): Promise<PlaylistView> {
    const { orgId } = by;
    const playlist = await this.find(orgId, id);
    if (patch.name === undefined && patch.items === undefined) {
      throw invalid('NOTHING_TO_CHANGE', 'Give at least one of name or items', 'body');
    }
    const items =
      patch.items === undefined ? playlist.items : JSON.stringify(await this.resolve(orgId, patch.items));
    const updated = {
      ...playlist,
      name: patch.name ?? playlist.name,
      items,
      updated_at: this.options.clock(),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('playlists')
        .set({ name: updated.name, items: updated.items, updated_at: updated.updated_at })
        .where('id', '=', id)
        .execute();
      const change = {
        action: 'playlist.update',
        target: { type: 'playlist', id },
        before: audited(playlist),
        after: audited(updated),
      };
      await recordChange(trx, by, change, updated.updated_at);
    });
    await this.options.refresh(orgId, await this.screensShowing(orgId, [id]));
    return this.view(updated);
  }

  async delete(by: Changer, id: string): Promise<{ deleted: string }> {
    const { orgId } = by;
    const playlist = await this.find(orgId, id);
    const usage = await playlistUsage(this.db, orgId, id, this.options.clock());
    const places = usagePlaces(usage);
    if (places.length > 0) {
      throw conflict(
        'PLAYLIST_IN_USE',
        `The playlist '${playlist.name}' is used by ${places.join(', ')}`,
        usage,
      );
    }
    // Ended schedules and expired overrides no longer use it; they go with it.
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('schedules').where('playlist_id', '=', id).execute();
      await trx.deleteFrom('overrides').where('playlist_id', '=', id).execute();
      await trx.deleteFrom('playlists').where('id', '=', id).execute();
      const change = {
        action: 'playlist.delete',
        target: { type: 'playlist', id },
        before: audited(playlist),
      };
      await recordChange(trx, by, change, this.options.clock());
    });
    return { deleted: id };
  }

  /** The playlists of the organisation whose items name the media file, by name. */
  async containingMedia(orgId: string, mediaId: string): Promise<NamedRef[]> {
    const rows = await this.db
      .selectFrom('playlists')
      .select(['id', 'name', 'items'])
      .where('org_id', '=', orgId)
      .where('items', 'like', `%"mediaId":"${mediaId}"%`)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows
      .filter((row) => row.items.includes(`"mediaId":"${mediaId}"`))
      .map((row) => ({ id: row.id, name: row.name }));
  }

  /**
   * The screens showing any of the playlists: as their default content, through a schedule or an active override
   * naming it, or through a layout with a zone playing it.
   */
  async screensShowing(orgId: string, playlistIds: readonly string[]): Promise<Set<string>> {
    return screensShowing(this.db, orgId, { playlistIds }, this.options.clock());
  }

  private async resolve(orgId: string, items: ContentItems) {
    return resolveSources(items, await this.options.media.refs(orgId, mediaIdsOf(items)), 'items');
  }

  private async view(row: Playlist): Promise<PlaylistView> {
    const items = parseSources(row.items);
    const usedBy: PlaylistUsage = await playlistUsage(this.db, row.org_id, row.id, this.options.clock());
    return {
      id: row.id,
      name: row.name,
      items,
      durationMs: items.reduce((sum, item) => sum + item.durationMs, 0),
      usedBy,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}
