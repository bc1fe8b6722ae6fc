// /api/v1/players/{playerId}/block and /unblock: the meeting-room variant's blocked view (SPEC.md §2, §4: a
// registration answered 403). A blocked player is refused by the player API and the identity service, and
// registering again with its hardware id is refused too. An operator may only block a device their organisation
// has seen: a player of the organisation, or one sharing the hardware id of such a player.
// Also the meeting variant's remote nodes (DESIGN.md §2): app/token, from which its frame source is derived, and
// overridden_player, the websocket pair / href / action it follows; both are operator-written only.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OverriddenPlayerSchema, TOKEN_MAX_LENGTH } from '@marquee/protocol';
import { badRequest, notFound } from '../http/errors';
import { OPERATOR_SECURITY } from '../observability/openapi';
import { PLAYER_ID_PATTERN, playerDocPath } from '../players/playerService';
import { operatorOf } from './authenticate';

const PlayerParams = z.object({ playerId: z.string().regex(PLAYER_ID_PATTERN, 'must be a player id') });
const BlockAnswerSchema = z.object({ playerId: z.string(), blocked: z.boolean() });

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, documents } = app.services;

  /** The player, if the organisation has seen it; 404 otherwise (as for a player that does not exist). */
  async function orgDevice(orgId: string, playerId: string): Promise<string> {
    const player = await db
      .selectFrom('players')
      .select(['id', 'org_id', 'hardware_id'])
      .where('id', '=', playerId)
      .executeTakeFirst();
    let seen = player !== undefined && player.org_id === orgId;
    if (player !== undefined && !seen && player.hardware_id !== null) {
      const sibling = await db
        .selectFrom('players')
        .select('id')
        .where('hardware_id', '=', player.hardware_id)
        .where('org_id', '=', orgId)
        .limit(1)
        .executeTakeFirst();
      seen = sibling !== undefined;
    }
    if (!seen) throw notFound('PLAYER_NOT_FOUND', `No player ${playerId} in your organisation`);
    return playerId;
  }

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/players/:playerId/${action}`,
      {
        schema: {
          summary: blocked
            ? 'Block a device: its registration and every player call are refused (403)'
            : 'Unblock a device',
          tags: ['devices'],
          security: OPERATOR_SECURITY,
          params: PlayerParams,
          response: { 200: BlockAnswerSchema },
        },
      },
      async (request) => {
        const playerId = await orgDevice(operatorOf(request).orgId, request.params.playerId);
        await db
          .updateTable('players')
          .set({ blocked: blocked ? 1 : 0, updated_at: clock() })
          .where('id', '=', playerId)
          .execute();
        return { playerId, blocked };
      },
    );
  }

  app.put(
    '/players/:playerId/app_token',
    {
      schema: {
        summary: 'Set the meeting-room token the frame source is derived from (null clears it)',
        tags: ['devices'],
        security: OPERATOR_SECURITY,
        params: PlayerParams,
        body: z.object({ token: z.string().min(1).max(TOKEN_MAX_LENGTH).nullable() }),
        response: { 200: z.object({ playerId: z.string(), token: z.string().nullable() }) },
      },
    },
    async (request) => {
      const playerId = await orgDevice(operatorOf(request).orgId, request.params.playerId);
      const { token } = request.body;
      await documents.update(playerDocPath(playerId), { 'app/token': token });
      return { playerId, token };
    },
  );

  app.put(
    '/players/:playerId/overridden_player',
    {
      schema: {
        summary: 'Override a meeting-room player: a websocket pair, an href or an action (null restores it)',
        tags: ['devices'],
        security: OPERATOR_SECURITY,
        params: PlayerParams,
        body: z.object({ value: z.unknown() }),
        response: { 200: z.object({ playerId: z.string(), value: z.unknown() }) },
      },
    },
    async (request) => {
      const playerId = await orgDevice(operatorOf(request).orgId, request.params.playerId);
      const raw = request.body.value ?? null;
      if (raw !== null && !OverriddenPlayerSchema.safeParse(raw).success) {
        throw badRequest(
          'INVALID_OVERRIDDEN_PLAYER',
          'Expected {websocket: "ws-url|wss-url", href?, action?}',
          'value',
        );
      }
      const doc = playerDocPath(playerId);
      if (raw === null) await documents.remove(`${doc}/overridden_player`);
      else await documents.set(`${doc}/overridden_player`, raw);
      return { playerId, value: raw };
    },
  );
};
