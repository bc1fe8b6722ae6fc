// The media table read: an organisation's files, one file by id, and what a screen's content needs of them (type
// and hash). Screens read it through here (screens/content.ts builds manifest items from MediaRefs); the media
// service writes it.

import type { Kysely } from 'kysely';
import type { AppDataItemType } from '@marquee/protocol';
import type { Database, MediaTable } from '../db/schema';
import { notFound } from '../domain/errors';
import { isImageType } from './sniff';

/** What a manifest item needs of a media file. */
export interface MediaRef {
  id: string;
  contentType: string;
  sha256: string;
}

export type MediaRow = Pick<
  MediaTable,
  'id' | 'filename' | 'content_type' | 'size' | 'sha256' | 'created_at'
>;

const ROW_COLUMNS = ['id', 'filename', 'content_type', 'size', 'sha256', 'created_at'] as const;

/** Where the content player fetches a file: its hash in the query, so replaced bytes get another URL. */
export function mediaUrl(publicUrl: string, media: Pick<MediaRef, 'id' | 'sha256'>): string {
  return `${publicUrl}/media/${media.id}?v=${media.sha256.slice(0, 16)}`;
}

/** What a media file shows as, from its (sniffed) content type. */
export function mediaKind(contentType: string): Extract<AppDataItemType, 'image' | 'video'> {
  return isImageType(contentType) ? 'image' : 'video';
}

export class MediaCatalog {
  constructor(private readonly db: Kysely<Database>) {}

  /** The organisation's files, newest first. */
  async list(orgId: string): Promise<MediaRow[]> {
    return this.db
      .selectFrom('media')
      .select(ROW_COLUMNS)
      .where('org_id', '=', orgId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The organisation's file `id`; 404 for another organisation's, as for one that does not exist. */
  async find(orgId: string, id: string): Promise<MediaRow> {
    const row = await this.db
      .selectFrom('media')
      .select(ROW_COLUMNS)
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (row === undefined) throw notFound('MEDIA_NOT_FOUND', `No media ${id} in your organisation`);
    return row;
  }

  /** The organisation's files among `ids`, by id. */
  async refs(orgId: string, ids: readonly string[]): Promise<Map<string, MediaRef>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('media')
      .select(['id', 'content_type', 'sha256'])
      .where('org_id', '=', orgId)
      .where('id', 'in', [...ids])
      .execute();
    return new Map(
      rows.map((row) => [row.id, { id: row.id, contentType: row.content_type, sha256: row.sha256 }]),
    );
  }
}
