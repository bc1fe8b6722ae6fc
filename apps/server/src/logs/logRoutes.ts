// Log and error ingest (docs/player.md §Logging and monitoring): /logs/device, /logs/lines, /errors and
// /logs/{playerId}/screenshot, each from a player authenticated by its API token, each body bounded
// (logSchemas.ts). What is kept, and for how long, is the log service's (logService.ts); the management API reads
// it back (diagnosticsService.ts).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAYER_ID_PATTERN } from '@marquee/management-api';
import { DeviceRecordSchema } from '@marquee/protocol';
import { credentialOf } from '../http/authorization';
import { ApiError } from '../http/errors';
import { PLAYER_SECURITY } from '../http/openApiSecurity';
import { perPlayer } from '../http/rateLimits';
import {
  DEVICE_BODY_LIMIT,
  ERRORS_BODY_LIMIT,
  ErrorReportSchema,
  LINES_BODY_LIMIT,
  LogBatchSchema,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_TYPES,
} from './logSchemas';
import { DEFAULT_RETENTION } from './retention';

const received = z.object({ receivedAt: z.number() });
const docs = { tags: ['logs'], security: PLAYER_SECURITY };

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const { players, logs, rateLimits } = app.services;
  const perToken = perPlayer(rateLimits.playerApiPerToken);

  // navigator.sendBeacon posts strings as text/plain: read them as JSON too.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) =>
    parseJson(request, body as string, done),
  );
  // Screenshots arrive as the image itself; the log service checks the bytes against the declared type.
  app.addContentTypeParser([...SCREENSHOT_TYPES], { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/logs/device',
    {
      bodyLimit: DEVICE_BODY_LIMIT,
      config: perToken,
      schema: {
        summary: "Store the player's device record (its last one is shown in the studio)",
        body: DeviceRecordSchema,
        response: { 200: received },
        ...docs,
      },
    },
    async (request) => {
      const player = await players.authenticateSender(credentialOf(request));
      return { receivedAt: await logs.storeDeviceRecord(player, request.body) };
    },
  );

  app.post(
    '/logs/lines',
    {
      bodyLimit: LINES_BODY_LIMIT,
      config: perToken,
      schema: {
        summary: `Store a batch of log lines (the newest ${DEFAULT_RETENTION.logLines} per player are kept)`,
        body: LogBatchSchema,
        response: { 201: z.object({ accepted: z.number(), receivedAt: z.number() }) },
        ...docs,
      },
    },
    async (request, reply) => {
      const player = await players.authenticateSender(credentialOf(request));
      const receivedAt = await logs.storeLines(player, request.body);
      return reply.status(201).send({ accepted: request.body.lines.length, receivedAt });
    },
  );

  app.post(
    '/errors',
    {
      bodyLimit: ERRORS_BODY_LIMIT,
      config: perToken,
      schema: {
        summary: `Store an error report (the newest ${DEFAULT_RETENTION.errorReports} per player are kept)`,
        body: ErrorReportSchema,
        response: { 201: z.object({ id: z.string(), receivedAt: z.number() }) },
        ...docs,
      },
    },
    async (request, reply) => {
      const player = await players.authenticateSender(credentialOf(request));
      return reply.status(201).send(await logs.storeError(player, request.body));
    },
  );

  app.post(
    '/logs/:playerId/screenshot',
    {
      bodyLimit: SCREENSHOT_MAX_BYTES,
      config: perToken,
      schema: {
        summary: `Upload a screenshot: the image itself as the body (${SCREENSHOT_TYPES.join(', ')})`,
        params: z.object({ playerId: z.string().regex(PLAYER_ID_PATTERN, 'must be a player id') }),
        response: {
          201: z.object({ id: z.string(), takenAt: z.number(), contentType: z.string(), size: z.number() }),
        },
        ...docs,
      },
    },
    async (request, reply) => {
      const player = await players.authenticateSender(credentialOf(request), request.params.playerId);
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body)) {
        throw new ApiError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          `Send the image as the body, with Content-Type ${SCREENSHOT_TYPES.join(', ')}`,
        );
      }
      const declared = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      return reply.status(201).send(await logs.storeScreenshot(player, declared, body));
    },
  );
};
