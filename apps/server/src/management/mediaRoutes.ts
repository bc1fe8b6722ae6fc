// /api/v1/media: the organisation's media files (media/mediaService.ts). Uploads are multipart with one file, read
// here as a stream and handed to the service, which checks and keeps it; a malformed or oversized multipart body
// is refused here, naming what is wrong.

import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { ApiError, badRequest } from '../http/errors';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { UploadStreamError } from '../media/mediaFiles';
import { describeSize, type MediaService, type Upload } from '../media/mediaService';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

const MULTIPART_LIMITS = { files: 1, fields: 10, parts: 20, fieldSize: 1024, headerPairs: 100 };

const { uploadMedia, listMedia, replaceMedia, deleteMedia } = MANAGEMENT_ROUTES;
const docs = { tags: ['media'], security: OPERATOR_SECURITY };

/** The refusal of a multipart body the parser could not read. */
function multipartError(media: MediaService, error: unknown): Error {
  const { statusCode, code, message } = (error ?? {}) as {
    statusCode?: number;
    code?: string;
    message?: string;
  };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return media.tooLarge();
  if (statusCode === 413)
    return new ApiError(413, 'TOO_MANY_PARTS', 'Send one file and at most a few fields');
  return badRequest(
    'MALFORMED_MULTIPART',
    `The multipart body is malformed: ${message ?? 'unreadable'}`,
    'body',
  );
}

/** The one file of a multipart upload, as a stream. */
async function uploadOf(media: MediaService, request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  }
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw multipartError(media, error);
  }
  if (part === undefined) throw badRequest('NO_FILE', 'The multipart body has no file', 'file');
  return { file: part.file, filename: part.filename, declaredType: part.mimetype };
}

/** Runs `store` with the upload; a stream that broke mid-way is the client's malformed body. */
async function receiving<T>(media: MediaService, store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (error) {
    throw error instanceof UploadStreamError ? multipartError(media, error.cause) : error;
  }
}

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { media } = app.services;

  await app.register(multipart, { limits: { ...MULTIPART_LIMITS, fileSize: media.maxBytes } });

  app.route({
    method: uploadMedia.method,
    url: uploadMedia.path,
    schema: {
      ...contractSchema(uploadMedia),
      summary: `Upload a media file (multipart, one file, at most ${describeSize(media.maxBytes)})`,
      description: 'PNG, JPEG, GIF, WebP, MP4 or WebM, recognised by its content.',
      consumes: ['multipart/form-data'],
      ...docs,
    },
    handler: async (request, reply) => {
      const operator = operatorOf(request);
      const stored = await receiving(media, () => media.upload(operator, () => uploadOf(media, request)));
      return reply.status(201).send(stored);
    },
  });

  app.route({
    method: listMedia.method,
    url: listMedia.path,
    schema: {
      ...contractSchema(listMedia),
      summary: "The organisation's media files, newest first",
      ...docs,
    },
    handler: async (request) => ({ media: await media.list(operatorOf(request).orgId) }),
  });

  app.route({
    method: replaceMedia.method,
    url: replaceMedia.path,
    schema: {
      ...contractSchema(replaceMedia),
      summary: "Replace a media file's bytes; every screen showing it gets a new manifest version",
      consumes: ['multipart/form-data'],
      ...docs,
    },
    handler: async (request) => {
      const operator = operatorOf(request);
      return receiving(media, () =>
        media.replace(operator, request.params.id, () => uploadOf(media, request)),
      );
    },
  });

  app.route({
    method: deleteMedia.method,
    url: deleteMedia.path,
    schema: { ...contractSchema(deleteMedia), summary: 'Delete a media file that no screen shows', ...docs },
    handler: async (request) => media.delete(operatorOf(request), request.params.id),
  });
};
