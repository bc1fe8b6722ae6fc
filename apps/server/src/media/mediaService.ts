// The organisation's media files (docs/management-api.md §Media). An upload is accepted only when its first bytes
// say PNG, JPEG, GIF, WebP, MP4 or WebM, whatever Content-Type it claims, and only up to the size limit. Replacing
// a file's bytes gives every screen showing it a new manifest version; a file in use cannot be deleted. The bytes
// are kept by mediaFiles.ts and served publicly at /media/{id} (mediaFileRoutes.ts).

import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { MediaView } from '@marquee/management-api';
import type { Database } from '../db/schema';
import { conflict, notFound, tooLarge, unsupported } from '../domain/errors';
import { newId } from '../ids';
import { recordChange, type Changer } from '../audit/auditRecord';
import type { PlaylistService } from '../playlists/playlistService';
import type { ScreenService } from '../screens/screenService';
import { mediaKind, mediaUrl, type MediaCatalog, type MediaRow } from './mediaCatalog';
import { MediaFiles, type ReceivedFile } from './mediaFiles';
import { MEDIA_TYPES, sniffMediaType, type MediaType } from './sniff';

export const FILENAME_MAX_LENGTH = 255;

/** An upload as the HTTP layer reads it: the file's stream and what the client said about it. */
export interface Upload {
  /** The bytes; `truncated` is set when the stream was cut at the size limit. */
  file: Readable & { truncated?: boolean };
  filename: string | undefined;
  /** The Content-Type the client declared for the file. */
  declaredType: string;
}

/** The bytes of a file, for the public route: on disk (absolute path), or kept in the database. */
export interface StoredMedia {
  contentType: string;
  sha256: string;
  file: string | null;
  data: Buffer | null;
}

export interface MediaServiceOptions {
  db: Kysely<Database>;
  catalog: MediaCatalog;
  screens: ScreenService;
  /** Playlists containing a file keep it from deletion. */
  playlists: PlaylistService;
  clock: () => number;
  dataDir: string;
  publicUrl: string;
  /** Largest file accepted, in bytes. */
  maxBytes: number;
}

/** '12.5 MB', or '900 bytes'. */
export function describeSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${bytes} bytes`;
}

/** A display name from the client's file name: no folders, no control characters, bounded. */
export function cleanFilename(name: string | undefined): string {
  const base = path.posix
    .basename((name ?? '').replace(/\\/g, '/'))
    .replace(/\p{Cc}/gu, '')
    .trim();
  return base === '' ? 'upload' : base.slice(0, FILENAME_MAX_LENGTH);
}

/** A media file as its audit entries show it (its bytes by their hash). */
const audited = (row: Pick<MediaRow, 'filename' | 'content_type' | 'size' | 'sha256'>) => ({
  filename: row.filename,
  contentType: row.content_type,
  size: row.size,
  sha256: row.sha256,
});

export class MediaService {
  readonly maxBytes: number;
  /** Where the files are kept (the public route serves from it). */
  readonly dir: string;
  private readonly db: Kysely<Database>;
  private readonly files: MediaFiles;

  constructor(private readonly options: MediaServiceOptions) {
    this.db = options.db;
    this.maxBytes = options.maxBytes;
    this.files = new MediaFiles(options.dataDir, options.db);
    this.dir = this.files.dir;
  }

  view(row: MediaRow): MediaView {
    return {
      id: row.id,
      filename: row.filename,
      contentType: row.content_type,
      kind: mediaKind(row.content_type),
      size: row.size,
      sha256: row.sha256,
      url: mediaUrl(this.options.publicUrl, row),
      createdAt: row.created_at,
    };
  }

  async list(orgId: string): Promise<MediaView[]> {
    return (await this.options.catalog.list(orgId)).map((row) => this.view(row));
  }

  /** Stores the upload `read` gives as a new file of the organisation. */
  async upload(by: Changer, read: () => Promise<Upload>): Promise<MediaView> {
    const { orgId } = by;
    const received = await this.receive(await read());
    const now = this.options.clock();
    const row: MediaRow = {
      id: newId(now),
      filename: received.filename,
      content_type: received.type,
      size: received.file.size,
      sha256: received.file.sha256,
      created_at: now,
    };
    await this.files.commit(received.file, (storagePath) =>
      this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('media')
          .values({ ...row, org_id: orgId, data: null, storage_path: storagePath })
          .execute();
        const change = { action: 'media.upload', target: { type: 'media', id: row.id }, after: audited(row) };
        await recordChange(trx, by, change, now);
      }),
    );
    return this.view(row);
  }

  /**
   * Replaces the file's bytes with the upload `read` gives (read only once the file is known to be the
   * organisation's); every screen showing it gets a new manifest version.
   */
  async replace(by: Changer, id: string, read: () => Promise<Upload>): Promise<MediaView> {
    const { orgId } = by;
    const previous = await this.options.catalog.find(orgId, id);
    const received = await this.receive(await read());
    const row: MediaRow = {
      ...previous,
      filename: received.filename,
      content_type: received.type,
      size: received.file.size,
      sha256: received.file.sha256,
    };
    await this.files.commit(received.file, (storagePath) =>
      this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('media')
          .set({
            filename: row.filename,
            content_type: row.content_type,
            size: row.size,
            sha256: row.sha256,
            storage_path: storagePath,
            data: null,
          })
          .where('id', '=', row.id)
          .execute();
        const change = {
          action: 'media.replace',
          target: { type: 'media', id: row.id },
          before: audited(previous),
          after: audited(row),
        };
        await recordChange(trx, by, change, this.options.clock());
      }),
    );
    if (previous.sha256 !== row.sha256) await this.files.release(previous.sha256, async () => undefined);
    await this.options.screens.mediaReplaced(orgId, row.id);
    return this.view(row);
  }

  /**
   * Deletes a file no screen shows and no playlist contains (409 MEDIA_IN_USE naming the screens and playlists
   * otherwise).
   */
  async delete(by: Changer, id: string): Promise<{ deleted: string }> {
    const { orgId } = by;
    const row = await this.options.catalog.find(orgId, id);
    const screens = await this.options.screens.showing(orgId, row.id);
    const playlists = await this.options.playlists.containingMedia(orgId, row.id);
    if (screens.length > 0 || playlists.length > 0) {
      const users = [
        ...playlists.map((playlist) => `playlist '${playlist.name}'`),
        ...(screens.length > 0 ? [`${screens.length} screen(s)`] : []),
      ];
      throw conflict('MEDIA_IN_USE', `The file is used by ${users.join(', ')}: remove it from them first`, {
        screens,
        playlists,
      });
    }
    await this.files.release(row.sha256, () =>
      this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('media').where('id', '=', row.id).execute();
        const change = {
          action: 'media.delete',
          target: { type: 'media', id: row.id },
          before: audited(row),
        };
        await recordChange(trx, by, change, this.options.clock());
      }),
    );
    return { deleted: row.id };
  }

  /** Unlinks each of these files that no media row names any more (after an organisation's rows were deleted). */
  async releaseFiles(sha256s: Iterable<string>): Promise<void> {
    for (const sha256 of new Set(sha256s)) await this.files.release(sha256, async () => undefined);
  }

  /** The bytes of file `id` (any organisation's: media URLs are public and unguessable); 404 when none. */
  async stored(id: string): Promise<StoredMedia> {
    const row = await this.db
      .selectFrom('media')
      .select(['content_type', 'sha256', 'storage_path', 'data'])
      .where('id', '=', id)
      .executeTakeFirst();
    const file = row?.storage_path == null ? null : this.files.absolute(row.storage_path);
    if (row === undefined || (file === null && row.data === null)) {
      throw notFound('MEDIA_NOT_FOUND', `No media ${id}`);
    }
    return { contentType: row.content_type, sha256: row.sha256, file, data: row.data };
  }

  /**
   * Streams the upload to a temporary file and checks it: within the size limit, and its first bytes an accepted
   * type that does not contradict an accepted type the client declared. A refused file is not kept.
   */
  private async receive(upload: Upload): Promise<{ file: ReceivedFile; type: MediaType; filename: string }> {
    const file = await this.files.receive(upload.file);
    if (upload.file.truncated) {
      await this.files.discard(file);
      throw this.tooLarge();
    }
    const type = sniffMediaType(file.head);
    const declared = upload.declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
    if (type === null || ((MEDIA_TYPES as readonly string[]).includes(declared) && declared !== type)) {
      await this.files.discard(file);
      throw unsupported(
        'UNSUPPORTED_MEDIA',
        type === null
          ? 'The file is not a PNG, JPEG, GIF, WebP, MP4 or WebM file'
          : `The file is ${type}, not ${declared} as declared`,
        'file',
      );
    }
    return { file, type, filename: cleanFilename(upload.filename) };
  }

  /** 413 FILE_TOO_LARGE: the upload is over the size limit. */
  tooLarge() {
    return tooLarge('FILE_TOO_LARGE', `The file is larger than ${describeSize(this.maxBytes)}`, 'file');
  }
}
