// What a screen's player reported, read back by the studio: the latest screenshot, the last device record, and the
// recent log lines and error reports (paged, newest first). Only what the player sent while it belonged to the
// operator's organisation is shown.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../http/errors';
import { LOG_LEVEL_NAMES } from '../logs/logRoutes';
import { OPERATOR_SECURITY } from '../observability/openapi';
import { operatorOf } from './authenticate';
import { findOrgScreen } from './screenRecords';
import { ScreenIdParams } from './screens';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** A position in a newest-first listing: the time and id of the last row of the previous page. */
const CURSOR = /^(\d{1,15})_([A-Za-z0-9_-]{1,128})$/;

const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().regex(CURSOR, 'must be the nextCursor of a previous page').optional(),
});
const LogQuerySchema = PageQuerySchema.extend({ level: z.enum(LOG_LEVEL_NAMES).optional() });

const LogLineViewSchema = z.object({
  id: z.string(),
  level: z.string(),
  message: z.string(),
  data: z.unknown(),
  /** The player's clock when it logged the line, if it said. */
  time: z.number().nullable(),
  createdAt: z.number(),
});
const ErrorReportViewSchema = z.object({
  id: z.string(),
  service: z.string().nullable(),
  message: z.string().nullable(),
  stack: z.string().nullable(),
  data: z.unknown(),
  time: z.number().nullable(),
  createdAt: z.number(),
});

function parseCursor(cursor: string | undefined): { time: number; id: string } | null {
  if (cursor === undefined) return null;
  const match = CURSOR.exec(cursor);
  if (match === null)
    throw badRequest('INVALID_CURSOR', 'cursor must be the nextCursor of a previous page', 'cursor');
  return { time: Number(match[1]), id: match[2] as string };
}

/** The JSON in a column; undefined when there is none or it does not parse. */
function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const cursorOf = (row: { created_at: number; id: string }) => `${row.created_at}_${row.id}`;

function unpackData(text: string | null): { data: unknown; time: number | null; stack: string | null } {
  if (text === null) return { data: null, time: null, stack: null };
  try {
    const value = JSON.parse(text) as { data?: unknown; time?: unknown; stack?: unknown };
    return {
      data: value.data ?? null,
      time: typeof value.time === 'number' ? value.time : null,
      stack: typeof value.stack === 'string' ? value.stack : null,
    };
  } catch {
    return { data: null, time: null, stack: null };
  }
}

export const diagnosticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  async function screenPlayer(orgId: string, screenId: string) {
    const screen = await findOrgScreen(db, orgId, screenId);
    return { screen, playerId: screen.player_id };
  }

  app.get(
    '/screens/:id/screenshot',
    {
      schema: {
        summary: "The screen's latest screenshot (the image bytes); 404 when none was taken",
        tags: ['diagnostics'],
        security: OPERATOR_SECURITY,
        params: ScreenIdParams,
      },
    },
    async (request, reply) => {
      const { orgId } = operatorOf(request);
      const { screen, playerId } = await screenPlayer(orgId, request.params.id);
      const shot =
        playerId === null
          ? undefined
          : await db
              .selectFrom('screenshots')
              .select(['id', 'content_type', 'data', 'taken_at'])
              .where('player_id', '=', playerId)
              .where('org_id', '=', orgId)
              .where('screen_id', '=', screen.id)
              .orderBy('taken_at', 'desc')
              .orderBy('id', 'desc')
              .limit(1)
              .executeTakeFirst();
      if (shot === undefined) throw notFound('NO_SCREENSHOT', 'No screenshot of this screen has arrived yet');
      return reply
        .header('cache-control', 'private, no-cache')
        .header('last-modified', new Date(shot.taken_at).toUTCString())
        .header('x-content-type-options', 'nosniff')
        .header('x-screenshot-id', shot.id)
        .type(shot.content_type)
        .send(Buffer.from(shot.data));
    },
  );

  app.get(
    '/screens/:id/device',
    {
      schema: {
        summary: "The last device record of the screen's player; 404 when none arrived",
        tags: ['diagnostics'],
        security: OPERATOR_SECURITY,
        params: ScreenIdParams,
        response: { 200: z.object({ device: z.unknown(), updatedAt: z.number() }) },
      },
    },
    async (request) => {
      const { playerId } = await screenPlayer(operatorOf(request).orgId, request.params.id);
      const player =
        playerId === null
          ? undefined
          : await db
              .selectFrom('players')
              .select(['last_device_record', 'updated_at'])
              .where('id', '=', playerId)
              .executeTakeFirst();
      const device = parseJson(player?.last_device_record ?? null);
      if (player === undefined || device === undefined) {
        throw notFound('NO_DEVICE_RECORD', 'No device record of this screen has arrived yet');
      }
      return { device, updatedAt: player.updated_at };
    },
  );

  app.get(
    '/screens/:id/logs',
    {
      schema: {
        summary: "The player's recent log lines, newest first (page with limit and the previous nextCursor)",
        tags: ['diagnostics'],
        security: OPERATOR_SECURITY,
        params: ScreenIdParams,
        querystring: LogQuerySchema,
        response: { 200: z.object({ lines: z.array(LogLineViewSchema), nextCursor: z.string().nullable() }) },
      },
    },
    async (request) => {
      const { orgId } = operatorOf(request);
      const { playerId } = await screenPlayer(orgId, request.params.id);
      const { limit, level } = request.query;
      const after = parseCursor(request.query.cursor);
      if (playerId === null) return { lines: [], nextCursor: null };
      let query = db
        .selectFrom('logs')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('org_id', '=', orgId);
      if (level !== undefined) query = query.where('level', '=', level);
      if (after !== null) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', after.time),
            eb.and([eb('created_at', '=', after.time), eb('id', '<', after.id)]),
          ]),
        );
      }
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        lines: page.map((row) => {
          const { data, time } = unpackData(row.data);
          return {
            id: row.id,
            level: row.level,
            message: row.message,
            data,
            time,
            createdAt: row.created_at,
          };
        }),
        nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null,
      };
    },
  );

  app.get(
    '/screens/:id/errors',
    {
      schema: {
        summary:
          "The player's recent error reports, newest first (page with limit and the previous nextCursor)",
        tags: ['diagnostics'],
        security: OPERATOR_SECURITY,
        params: ScreenIdParams,
        querystring: PageQuerySchema,
        response: {
          200: z.object({ errors: z.array(ErrorReportViewSchema), nextCursor: z.string().nullable() }),
        },
      },
    },
    async (request) => {
      const { orgId } = operatorOf(request);
      const { playerId } = await screenPlayer(orgId, request.params.id);
      const { limit } = request.query;
      const after = parseCursor(request.query.cursor);
      if (playerId === null) return { errors: [], nextCursor: null };
      let query = db
        .selectFrom('error_reports')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('org_id', '=', orgId);
      if (after !== null) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', after.time),
            eb.and([eb('created_at', '=', after.time), eb('id', '<', after.id)]),
          ]),
        );
      }
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        errors: page.map((row) => {
          const { data, time, stack } = unpackData(row.data);
          return {
            id: row.id,
            service: row.service,
            message: row.message,
            stack,
            data,
            time,
            createdAt: row.created_at,
          };
        }),
        nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null,
      };
    },
  );
};
