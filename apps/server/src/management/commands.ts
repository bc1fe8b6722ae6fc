// /api/v1/screens/{id}/commands: remote commands (DESIGN.md §3 "Remote commands"). Raising one sets
// action_flags/{command} on the player's document (the tree is the queue: a player that is away runs it when it
// comes back) and records it; the player's acknowledgement through the player API marks it acknowledged.
// /api/v1/screens/commands raises one command on many screens (fleet-wide changes): the flags go through the
// realtime store's group commit as a few batched transactions, the command rows are inserted in one transaction.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACTION_FLAG_PRIORITY, ActionFlagValueSchema, isKnownActionFlag } from '@marquee/protocol';
import type { Command } from '../db/schema';
import { ApiError, badRequest, conflict } from '../http/errors';
import { newId } from '../ids';
import { playerDocPath } from '../players/playerService';
import { OPERATOR_SECURITY } from '../observability/openapi';
import { operatorOf } from './authenticate';
import { SCREEN_ID_PATTERN, findOrgScreen } from './screenRecords';
import { ScreenIdParams } from './screens';

/** Commands listed per request. */
export const COMMANDS_PAGE_SIZE = 100;

export const CommandRequestSchema = z.strictObject({
  /** One of the action flags of SPEC.md §4. */
  command: z.string().max(64),
  /** The flag's value instead of true (the screenshot's parameter). */
  param: z.optional(ActionFlagValueSchema),
});

/** Screens named by one bulk command request at most. */
export const MAX_BULK_COMMAND_SCREENS = 100_000;
/** Ids per IN (…) list and rows per INSERT, well below SQLite's limit of bound variables. */
const SQL_CHUNK = 500;

export const BulkCommandRequestSchema = CommandRequestSchema.extend({
  /** The screens to raise it on; omitted: every screen of the operator's organisation. */
  screenIds: z.optional(
    z.array(z.string().regex(SCREEN_ID_PATTERN, 'must be a screen id')).min(1).max(MAX_BULK_COMMAND_SCREENS),
  ),
});

export const BulkCommandResponseSchema = z.object({
  /** Number of screens the command was raised on. */
  raised: z.number(),
  commands: z.array(z.object({ id: z.string(), screenId: z.string(), playerId: z.string() })),
  /** Screens without a player (nothing raised on them). */
  skipped: z.array(z.string()),
});

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += SQL_CHUNK)
    result.push(items.slice(start, start + SQL_CHUNK));
  return result;
}

function assertKnownCommand(command: string): void {
  if (!isKnownActionFlag(command)) {
    throw badRequest(
      'UNKNOWN_COMMAND',
      `command must be one of ${ACTION_FLAG_PRIORITY.join(', ')}`,
      'command',
    );
  }
}

export const CommandViewSchema = z.object({
  id: z.string(),
  command: z.string(),
  param: z.unknown(),
  state: z.enum(['pending', 'acknowledged']),
  raisedAt: z.number(),
  acknowledgedAt: z.number().nullable(),
});

function parseParam(text: string | null): unknown {
  if (text === null) return true;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function commandView(row: Command): z.infer<typeof CommandViewSchema> {
  return {
    id: row.id,
    command: row.name,
    param: parseParam(row.param),
    state: row.acknowledged_at === null ? 'pending' : 'acknowledged',
    raisedAt: row.raised_at,
    acknowledgedAt: row.acknowledged_at,
  };
}

export const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, players, documents, clock } = app.services;

  app.post(
    '/screens/commands',
    {
      schema: {
        summary:
          'Raise a command (action flag) on many screens at once: the listed ones, or all of the organisation',
        description:
          `command is one of ${ACTION_FLAG_PRIORITY.join(', ')}; screens without a player are skipped; ` +
          'any screen id not of the organisation refuses the whole request (404) and raises nothing',
        tags: ['commands'],
        security: OPERATOR_SECURITY,
        body: BulkCommandRequestSchema,
        response: { 201: BulkCommandResponseSchema },
      },
    },
    async (request, reply) => {
      const { command, param, screenIds } = request.body;
      assertKnownCommand(command);
      const { orgId } = operatorOf(request);
      const select = () =>
        db.selectFrom('screens').select(['id', 'player_id']).where('org_id', '=', orgId).orderBy('id');
      let screens: { id: string; player_id: string | null }[];
      if (screenIds === undefined) {
        screens = await select().execute();
      } else {
        const wanted = [...new Set(screenIds)];
        screens = [];
        for (const chunk of chunks(wanted))
          screens.push(...(await select().where('id', 'in', chunk).execute()));
        const found = new Set(screens.map((screen) => screen.id));
        const missing = wanted.filter((id) => !found.has(id));
        if (missing.length > 0) {
          throw new ApiError(
            404,
            'SCREEN_NOT_FOUND',
            `No screen ${missing.join(', ')} in your organisation`,
            'screenIds',
            { screenIds: missing },
          );
        }
      }
      const targets = screens.filter(
        (screen): screen is { id: string; player_id: string } => screen.player_id !== null,
      );
      const value = param ?? true;
      // Concurrent writes join the store's group commit: a few transactions for the whole fleet.
      await Promise.all(
        targets.map((screen) =>
          documents.set(`${playerDocPath(screen.player_id)}/action_flags/${command}`, value),
        ),
      );
      const raisedAt = clock();
      const rows = targets.map((screen) => ({
        id: newId(raisedAt),
        player_id: screen.player_id,
        screen_id: screen.id,
        org_id: orgId,
        name: command,
        param: param === undefined ? null : JSON.stringify(param),
        raised_at: raisedAt,
        acknowledged_at: null,
      }));
      await db.transaction().execute(async (trx) => {
        for (const chunk of chunks(rows)) await trx.insertInto('commands').values(chunk).execute();
      });
      return reply.status(201).send({
        raised: rows.length,
        commands: rows.map((row) => ({ id: row.id, screenId: row.screen_id, playerId: row.player_id })),
        skipped: screens.filter((screen) => screen.player_id === null).map((screen) => screen.id),
      });
    },
  );

  app.post(
    '/screens/:id/commands',
    {
      schema: {
        summary: 'Raise a command (action flag) on the screen; answers when it was raised',
        description: `command is one of ${ACTION_FLAG_PRIORITY.join(', ')}`,
        tags: ['commands'],
        security: OPERATOR_SECURITY,
        params: ScreenIdParams,
        body: CommandRequestSchema,
        response: { 201: CommandViewSchema },
      },
    },
    async (request, reply) => {
      const { command, param } = request.body;
      assertKnownCommand(command);
      const screen = await findOrgScreen(db, operatorOf(request).orgId, request.params.id);
      const player = screen.player_id === null ? undefined : await players.find(screen.player_id);
      if (player === undefined) {
        throw conflict('NO_PLAYER', 'This screen has no player any more: pair a player with it first');
      }
      const raised = await players.raiseCommand(player.id, command, param);
      const row = await db
        .selectFrom('commands')
        .selectAll()
        .where('id', '=', raised.id)
        .executeTakeFirstOrThrow();
      return reply.status(201).send(commandView(row));
    },
  );

  app.get(
    '/screens/:id/commands',
    {
      schema: {
        summary: `The screen's latest ${COMMANDS_PAGE_SIZE} commands, newest first, pending and acknowledged`,
        tags: ['commands'],
        security: OPERATOR_SECURITY,
        params: ScreenIdParams,
        response: { 200: z.object({ commands: z.array(CommandViewSchema) }) },
      },
    },
    async (request) => {
      const { orgId } = operatorOf(request);
      const screen = await findOrgScreen(db, orgId, request.params.id);
      const rows = await db
        .selectFrom('commands')
        .selectAll()
        .where('screen_id', '=', screen.id)
        .where('org_id', '=', orgId)
        .orderBy('raised_at', 'desc')
        .orderBy('id', 'desc')
        .limit(COMMANDS_PAGE_SIZE)
        .execute();
      return { commands: rows.map(commandView) };
    },
  );
};
