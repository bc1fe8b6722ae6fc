// POST /_internal/players/:id/plays: a content player's batch of plays (docs/protocols/player-api.md §Plays,
// docs/proof-of-play.md). Authenticated as every player route (its own API token, its own id), rate limited per
// token as the stats route; the player must be paired. The batch's envelope is validated here, its records one by
// one in the service.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAYER_ID_PATTERN } from '@marquee/management-api';
import { PlayBatchSchema } from '@marquee/protocol';
import { credentialOf } from '../http/authorization';
import { PLAYER_SECURITY } from '../http/openApiSecurity';
import { perPlayer } from '../http/rateLimits';

/** 500 plays of about 600 bytes and 500 folds: well under a megabyte. */
export const PLAY_BATCH_BODY_LIMIT = 1024 * 1024;

const params = z.object({
  id: z.string().regex(PLAYER_ID_PATTERN, 'must be a player id (letters, digits, "_" or "-")'),
});

const RejectedPlaySchema = z.object({
  list: z.enum(['plays', 'folded']),
  index: z.number(),
  id: z.string().nullable(),
  field: z.string(),
  message: z.string(),
});
const PlayBatchAnswerSchema = z.object({
  accepted: z.number(),
  duplicates: z.number(),
  rejected: z.array(RejectedPlaySchema),
  clockSkewMs: z.number().nullable(),
});

export const playerPlayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { players, plays, rateLimits } = app.services;
  app.post(
    '/:id/plays',
    {
      bodyLimit: PLAY_BATCH_BODY_LIMIT,
      config: perPlayer(rateLimits.playerApiPerToken),
      schema: {
        summary: 'Upload plays (proof of play): good records are stored once each, bad ones named',
        tags: ['player'],
        security: PLAYER_SECURITY,
        params,
        body: PlayBatchSchema,
        response: { 200: PlayBatchAnswerSchema },
      },
    },
    async (request) => {
      const player = await players.authenticate(credentialOf(request), request.params.id);
      return plays.ingest(player, request.body);
    },
  );
};
