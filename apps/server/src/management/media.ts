// /api/v1/media: the organisation's media files. Uploads are multipart (one file), limited in size, and accepted
// only when their first bytes say PNG, JPEG, GIF, WebP, MP4 or WebM, whatever Content-Type they claim. Replacing a
// file's bytes (PUT) gives every screen showing it a new manifest version; a file in use cannot be deleted.
// The bytes are served publicly at /media/{id} (media/mediaRoutes.ts) for the content player.

import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../http/errors';
import { newId } from '../ids';
import { MediaFiles, UploadStreamError, type ReceivedFile } from '../media/mediaFiles';
import { MEDIA_TYPES, isImageType, sniffMediaType, type MediaType } from '../media/sniff';
import { OPERATOR_SECURITY } from '../observability/openapi';
import { operatorOf } from './authenticate';
import { MEDIA_ID_PATTERN, mediaUrl } from './content';
import { applyScreenChange } from './screenRecords';

export interface MediaRoutesOptions {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
}

export const FILENAME_MAX_LENGTH = 255;
const MULTIPART_LIMITS = { files: 1, fields: 10, parts: 20, fieldSize: 1024, headerPairs: 100 };

export const MediaIdParams = z.object({ id: z.string().regex(MEDIA_ID_PATTERN, 'must be a media id') });

export const MediaViewSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  kind: z.enum(['image', 'video']),
  size: z.number(),
  sha256: z.string(),
  /** Where the content player fetches it; changes when the bytes are replaced. */
  url: z.string(),
  createdAt: z.number(),
});

interface MediaRow {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: number;
}

function describeSize(bytes: number): string {
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

/** Screens of the organisation whose content names the media file. */
async function screensUsing(db: Kysely<Database>, orgId: string, mediaId: string) {
  const rows = await db
    .selectFrom('screens')
    .select(['id', 'name', 'content'])
    .where('org_id', '=', orgId)
    .where('content', 'like', `%"mediaId":"${mediaId}"%`)
    .execute();
  return rows.filter((row) => row.content.includes(`"mediaId":"${mediaId}"`));
}

export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, options) => {
  const { db, clock, config } = app.services;
  const files = new MediaFiles(config.dataDir, db);
  const maxBytes = options.maxBytes;

  await app.register(multipart, { limits: { ...MULTIPART_LIMITS, fileSize: maxBytes } });

  const view = (row: MediaRow): z.infer<typeof MediaViewSchema> => ({
    id: row.id,
    filename: row.filename,
    contentType: row.content_type,
    kind: isImageType(row.content_type) ? 'image' : 'video',
    size: row.size,
    sha256: row.sha256,
    url: mediaUrl(config.publicUrl, row),
    createdAt: row.created_at,
  });

  function multipartError(error: unknown): ApiError {
    const { statusCode, code, message } = (error ?? {}) as {
      statusCode?: number;
      code?: string;
      message?: string;
    };
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      return new ApiError(413, 'FILE_TOO_LARGE', `The file is larger than ${describeSize(maxBytes)}`, 'file');
    }
    if (statusCode === 413)
      return new ApiError(413, 'TOO_MANY_PARTS', 'Send one file and at most a few fields');
    return badRequest(
      'MALFORMED_MULTIPART',
      `The multipart body is malformed: ${message ?? 'unreadable'}`,
      'body',
    );
  }

  /** The one file of a multipart upload, checked by its first bytes. */
  async function receiveUpload(
    request: FastifyRequest,
  ): Promise<{ file: ReceivedFile; type: MediaType; filename: string }> {
    if (!request.isMultipart()) {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
    }
    let part;
    try {
      part = await request.file();
    } catch (error) {
      throw multipartError(error);
    }
    if (part === undefined) throw badRequest('NO_FILE', 'The multipart body has no file', 'file');
    let file: ReceivedFile;
    try {
      file = await files.receive(part.file);
    } catch (error) {
      throw error instanceof UploadStreamError ? multipartError(error.cause) : error;
    }
    if (part.file.truncated) {
      await files.discard(file);
      throw multipartError({ code: 'FST_REQ_FILE_TOO_LARGE' });
    }
    const type = sniffMediaType(file.head);
    const declared = part.mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
    if (type === null || ((MEDIA_TYPES as readonly string[]).includes(declared) && declared !== type)) {
      await files.discard(file);
      throw new ApiError(
        415,
        'UNSUPPORTED_MEDIA',
        type === null
          ? 'The file is not a PNG, JPEG, GIF, WebP, MP4 or WebM file'
          : `The file is ${type}, not ${declared} as declared`,
        'file',
      );
    }
    return { file, type, filename: cleanFilename(part.filename) };
  }

  async function findOrgMedia(orgId: string, id: string) {
    const row = await db
      .selectFrom('media')
      .select(['id', 'filename', 'content_type', 'size', 'sha256', 'created_at'])
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (row === undefined) throw notFound('MEDIA_NOT_FOUND', `No media ${id} in your organisation`);
    return row;
  }

  app.post(
    '/media',
    {
      schema: {
        summary: `Upload a media file (multipart, one file, at most ${describeSize(maxBytes)})`,
        description: 'PNG, JPEG, GIF, WebP, MP4 or WebM, recognised by its content.',
        tags: ['media'],
        security: OPERATOR_SECURITY,
        consumes: ['multipart/form-data'],
        response: { 201: MediaViewSchema },
      },
    },
    async (request, reply) => {
      const { orgId } = operatorOf(request);
      const upload = await receiveUpload(request);
      const now = clock();
      const row: MediaRow = {
        id: newId(now),
        filename: upload.filename,
        content_type: upload.type,
        size: upload.file.size,
        sha256: upload.file.sha256,
        created_at: now,
      };
      await files.commit(upload.file, async (storagePath) => {
        await db
          .insertInto('media')
          .values({ ...row, org_id: orgId, data: null, storage_path: storagePath })
          .execute();
      });
      return reply.status(201).send(view(row));
    },
  );

  app.get(
    '/media',
    {
      schema: {
        summary: "The organisation's media files, newest first",
        tags: ['media'],
        security: OPERATOR_SECURITY,
        response: { 200: z.object({ media: z.array(MediaViewSchema) }) },
      },
    },
    async (request) => {
      const rows = await db
        .selectFrom('media')
        .select(['id', 'filename', 'content_type', 'size', 'sha256', 'created_at'])
        .where('org_id', '=', operatorOf(request).orgId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return { media: rows.map(view) };
    },
  );

  app.put(
    '/media/:id',
    {
      schema: {
        summary: "Replace a media file's bytes; every screen showing it gets a new manifest version",
        tags: ['media'],
        security: OPERATOR_SECURITY,
        consumes: ['multipart/form-data'],
        params: MediaIdParams,
        response: { 200: MediaViewSchema },
      },
    },
    async (request) => {
      const { orgId } = operatorOf(request);
      const previous = await findOrgMedia(orgId, request.params.id);
      const upload = await receiveUpload(request);
      const row: MediaRow = {
        ...previous,
        filename: upload.filename,
        content_type: upload.type,
        size: upload.file.size,
        sha256: upload.file.sha256,
      };
      await files.commit(upload.file, async (storagePath) => {
        await db
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
      });
      if (previous.sha256 !== row.sha256) await files.release(previous.sha256, async () => undefined);
      for (const screen of await screensUsing(db, orgId, row.id)) {
        await applyScreenChange(app.services, screen.id, { rebuild: true });
      }
      return view(row);
    },
  );

  app.delete(
    '/media/:id',
    {
      schema: {
        summary: 'Delete a media file that no screen shows',
        tags: ['media'],
        security: OPERATOR_SECURITY,
        params: MediaIdParams,
        response: { 200: z.object({ deleted: z.string() }) },
      },
    },
    async (request) => {
      const { orgId } = operatorOf(request);
      const row = await findOrgMedia(orgId, request.params.id);
      const using = await screensUsing(db, orgId, row.id);
      if (using.length > 0) {
        throw conflict(
          'MEDIA_IN_USE',
          `The file is shown by ${using.length} screen(s): remove it from them first`,
          {
            screens: using.map((screen) => ({ id: screen.id, name: screen.name })),
          },
        );
      }
      await files.release(row.sha256, async () => {
        await db.deleteFrom('media').where('id', '=', row.id).execute();
      });
      return { deleted: row.id };
    },
  );
};
