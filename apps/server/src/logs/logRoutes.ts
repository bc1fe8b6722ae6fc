// Log and error ingest (DESIGN.md §1 `/logs/…`, `/errors`; SPEC.md §7 "Logging and monitoring"): the device record
// (on load and every 12 hours), batches of log lines, error reports and screenshots, each from a player
// authenticated by its API token. Everything is bounded: body sizes per route, and per player the newest
// DEFAULT_RETENTION rows (retention.ts). The management API reads them back (management/diagnostics.ts).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeviceRecordSchema, LOG_LEVELS, utf8ByteLength, type LogLevelName } from '@marquee/protocol';
import { ApiError, badRequest } from '../http/errors';
import { newId } from '../ids';
import { sniffMediaType, type MediaType } from '../media/sniff';
import { PLAYER_ID_PATTERN } from '../players/playerService';
import { PLAYER_SECURITY } from '../observability/openapi';
import { authenticatePlayer, playerRateLimitKey } from './playerCaller';
import { DEFAULT_RETENTION, RETAINED, keepNewest } from './retention';

export const DEVICE_BODY_LIMIT = 64 * 1024;
export const LINES_BODY_LIMIT = 512 * 1024;
export const ERRORS_BODY_LIMIT = 64 * 1024;
export const SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;

export const LOG_BATCH_MAX_LINES = 100;
export const LOG_MESSAGE_MAX_LENGTH = 4096;
export const LOG_DATA_MAX_BYTES = 8 * 1024;
export const ERROR_MESSAGE_MAX_LENGTH = 4096;
export const ERROR_STACK_MAX_LENGTH = 16 * 1024;
export const ERROR_DATA_MAX_BYTES = 16 * 1024;
export const SERVICE_NAME_MAX_LENGTH = 256;

/** Screenshot formats a browser canvas can encode. */
export const SCREENSHOT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
] as const satisfies readonly MediaType[];

const RATE_WINDOW_MS = 60_000;
/** The level names of SPEC.md §9 a log line may carry. */
export const LOG_LEVEL_NAMES = Object.keys(LOG_LEVELS) as [LogLevelName, ...LogLevelName[]];

function jsonBytes(value: unknown): number {
  return utf8ByteLength(JSON.stringify(value) ?? '');
}

const boundedJson = (maxBytes: number) =>
  z.json().refine((value) => jsonBytes(value) <= maxBytes, `must be at most ${maxBytes} bytes as JSON`);

/** Milliseconds since the epoch on the player's clock. */
const clientTime = z.int().nonnegative();

export const LogLineSchema = z.strictObject({
  level: z.enum(LOG_LEVEL_NAMES),
  message: z.string().min(1).max(LOG_MESSAGE_MAX_LENGTH),
  data: boundedJson(LOG_DATA_MAX_BYTES).optional(),
  time: clientTime.optional(),
});

export const LogBatchSchema = z.strictObject({
  lines: z.array(LogLineSchema).min(1).max(LOG_BATCH_MAX_LINES),
});

export const ErrorReportSchema = z.strictObject({
  message: z.string().min(1).max(ERROR_MESSAGE_MAX_LENGTH),
  /** The reporting service, e.g. 'meet-player'. */
  service: z.string().min(1).max(SERVICE_NAME_MAX_LENGTH).optional(),
  stack: z.string().max(ERROR_STACK_MAX_LENGTH).optional(),
  data: boundedJson(ERROR_DATA_MAX_BYTES).optional(),
  time: clientTime.optional(),
});

/** What the data column keeps besides the message: the sender's payload and clock, when given. */
export function storedData(fields: Record<string, unknown>): string | null {
  const kept = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return Object.keys(kept).length === 0 ? null : JSON.stringify(kept);
}

const received = z.object({ receivedAt: z.number() });

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, rateLimits } = app.services;
  const perToken = {
    rateLimit: {
      max: rateLimits.playerApiPerToken,
      timeWindow: RATE_WINDOW_MS,
      keyGenerator: playerRateLimitKey,
    },
  };

  // navigator.sendBeacon posts strings as text/plain: read them as JSON too.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) =>
    parseJson(request, body as string, done),
  );
  // Screenshots arrive as the image itself; the bytes are checked against the declared type below.
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
        tags: ['logs'],
        security: PLAYER_SECURITY,
        body: DeviceRecordSchema,
        response: { 200: received },
      },
    },
    async (request) => {
      const player = await authenticatePlayer(app.services, request);
      const now = clock();
      await db
        .updateTable('players')
        .set({
          last_device_record: JSON.stringify(request.body),
          version: request.body.version,
          updated_at: now,
        })
        .where('id', '=', player.id)
        .execute();
      return { receivedAt: now };
    },
  );

  app.post(
    '/logs/lines',
    {
      bodyLimit: LINES_BODY_LIMIT,
      config: perToken,
      schema: {
        summary: `Store a batch of log lines (the newest ${DEFAULT_RETENTION.logLines} per player are kept)`,
        tags: ['logs'],
        security: PLAYER_SECURITY,
        body: LogBatchSchema,
        response: { 201: z.object({ accepted: z.number(), receivedAt: z.number() }) },
      },
    },
    async (request, reply) => {
      const player = await authenticatePlayer(app.services, request);
      const now = clock();
      const { lines } = request.body;
      // Ids ascend in the batch's order, so that lines of one millisecond keep their order (retention.ts).
      const ids = lines.map(() => newId(now)).sort();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('logs')
          .values(
            lines.map((line, index) => ({
              id: ids[index] as string,
              player_id: player.id,
              org_id: player.org_id,
              level: line.level,
              message: line.message,
              data: storedData({ data: line.data, time: line.time }),
              created_at: now,
            })),
          )
          .execute();
        await keepNewest(trx, RETAINED.logs, player.id, DEFAULT_RETENTION.logLines);
      });
      return reply.status(201).send({ accepted: lines.length, receivedAt: now });
    },
  );

  app.post(
    '/errors',
    {
      bodyLimit: ERRORS_BODY_LIMIT,
      config: perToken,
      schema: {
        summary: `Store an error report (the newest ${DEFAULT_RETENTION.errorReports} per player are kept)`,
        tags: ['logs'],
        security: PLAYER_SECURITY,
        body: ErrorReportSchema,
        response: { 201: z.object({ id: z.string(), receivedAt: z.number() }) },
      },
    },
    async (request, reply) => {
      const player = await authenticatePlayer(app.services, request);
      const now = clock();
      const id = newId(now);
      const { message, service, stack, data, time } = request.body;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('error_reports')
          .values({
            id,
            player_id: player.id,
            org_id: player.org_id,
            service: service ?? null,
            message,
            data: storedData({ stack, data, time }),
            created_at: now,
          })
          .execute();
        await keepNewest(trx, RETAINED.errorReports, player.id, DEFAULT_RETENTION.errorReports);
      });
      return reply.status(201).send({ id, receivedAt: now });
    },
  );

  app.post(
    '/logs/:playerId/screenshot',
    {
      bodyLimit: SCREENSHOT_MAX_BYTES,
      config: perToken,
      schema: {
        summary: `Upload a screenshot: the image itself as the body (${SCREENSHOT_TYPES.join(', ')})`,
        tags: ['logs'],
        security: PLAYER_SECURITY,
        params: z.object({ playerId: z.string().regex(PLAYER_ID_PATTERN, 'must be a player id') }),
        response: {
          201: z.object({ id: z.string(), takenAt: z.number(), contentType: z.string(), size: z.number() }),
        },
      },
    },
    async (request, reply) => {
      const player = await authenticatePlayer(app.services, request, request.params.playerId);
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body)) {
        throw new ApiError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          `Send the image as the body, with Content-Type ${SCREENSHOT_TYPES.join(', ')}`,
        );
      }
      const declared = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      const actual = sniffMediaType(body);
      if (actual === null || actual !== declared) {
        throw badRequest(
          'INVALID_IMAGE',
          actual === null
            ? `The body is not a ${declared} image`
            : `The body is ${actual}, not ${declared} as its Content-Type says`,
          'body',
        );
      }
      const now = clock();
      const id = newId(now);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('screenshots')
          .values({
            id,
            player_id: player.id,
            screen_id: player.screen_id,
            org_id: player.org_id,
            content_type: actual,
            data: body,
            taken_at: now,
          })
          .execute();
        await keepNewest(trx, RETAINED.screenshots, player.id, DEFAULT_RETENTION.screenshots);
      });
      return reply.status(201).send({ id, takenAt: now, contentType: actual, size: body.length });
    },
  );
};
