// /api/v1/screens/{id}/commands: remote commands (DESIGN.md §3 "Remote commands"). Raising one sets
// action_flags/{command} on the player's document (the tree is the queue: a player that is away runs it when it
// comes back) and records it; the player's acknowledgement through the player API marks it acknowledged.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACTION_FLAG_PRIORITY, ActionFlagValueSchema, isKnownActionFlag } from '@marquee/protocol';
import type { Command } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { OPERATOR_SECURITY } from '../observability/openapi';
import { operatorOf } from './authenticate';
import { findOrgScreen } from './screenRecords';
import { ScreenIdParams } from './screens';

/** Commands listed per request. */
export const COMMANDS_PAGE_SIZE = 100;

export const CommandRequestSchema = z.strictObject({
  /** One of the action flags of SPEC.md §4. */
  command: z.string().max(64),
  /** The flag's value instead of true (the screenshot's parameter). */
  param: z.optional(ActionFlagValueSchema),
});

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
  const { db, players } = app.services;

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
      if (!isKnownActionFlag(command)) {
        throw badRequest(
          'UNKNOWN_COMMAND',
          `command must be one of ${ACTION_FLAG_PRIORITY.join(', ')}`,
          'command',
        );
      }
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
