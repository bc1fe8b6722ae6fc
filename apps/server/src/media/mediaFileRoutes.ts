// GET /media/{id}: the bytes of an uploaded file, public (the content player and its service worker fetch them
// without credentials; ids are unguessable), with Range support for video seeking. The manifest's URLs carry
// ?v={hash}: such a request is cached for a year, since replaced bytes get another URL; any other is revalidated
// against the ETag (the file's sha256).

import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MediaIdParams } from '@marquee/management-api';

export const IMMUTABLE_MEDIA_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATED_MEDIA_CACHE = 'public, no-cache';

function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === etag || candidate === '*');
}

export const mediaFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { media } = app.services;
  await app.register(fastifyStatic, { root: media.dir, serve: false });

  app.get(
    '/media/:id',
    {
      schema: {
        summary: 'The bytes of a media file (public; supports Range requests)',
        tags: ['media'],
        params: MediaIdParams,
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const stored = await media.stored(request.params.id);
      const etag = `"${stored.sha256}"`;
      const version = request.query.v;
      reply
        .header('etag', etag)
        .header(
          'cache-control',
          version !== undefined && stored.sha256.startsWith(version) && version.length > 0
            ? IMMUTABLE_MEDIA_CACHE
            : REVALIDATED_MEDIA_CACHE,
        )
        .header('access-control-allow-origin', '*')
        .header('x-content-type-options', 'nosniff')
        .type(stored.contentType);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      if (stored.file === null) return reply.send(Buffer.from(stored.data as Buffer));
      return reply.sendFile(path.relative(media.dir, stored.file), media.dir, {
        cacheControl: false,
        etag: false,
        contentType: false,
        acceptRanges: true,
      });
    },
  );
};
