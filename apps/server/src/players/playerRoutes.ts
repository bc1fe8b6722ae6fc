// /_internal/players: the player API (docs/protocols/player-api.md §Routes). Authorization is the API token (bare,
// or 'Bearer <token>'), except for the credentials rotation, which takes the secret. The logic is in
// playerService.ts.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { PLAYER_ID_PATTERN } from '@marquee/management-api';
import {
  ACTION_NAME_PATTERN,
  AuthObjectSchema,
  PlayerStatsSchema,
  RegistrationRequestSchema,
  SettingsPatchSchema,
} from '@marquee/protocol';
import { credentialOf } from '../http/authorization';
import { ApiError } from '../http/errors';
import { perAddress, perPlayer } from '../http/rateLimits';
import { reportedZone } from './playerReports';

/** Registration and heartbeat bodies: a device record and a status, never more than this. */
const PLAYER_BODY_LIMIT = 64 * 1024;
const SETTINGS_BODY_LIMIT = 16 * 1024;
/** A stats report is a few hundred bytes. */
const STATS_BODY_LIMIT = 16 * 1024;

const playerId = z.string().regex(PLAYER_ID_PATTERN, 'must be a player id (letters, digits, "_" or "-")');
const idParams = z.object({ id: playerId });
const actionParams = z.object({
  id: playerId,
  action: z
    .string()
    .regex(ACTION_NAME_PATTERN, 'must be an action name (lower-case letters, digits and "_")'),
});
/** Registration may also carry the device's zone, read liberally (playerReports.ts): a bad one is ignored. */
const registrationBody = zm.extend(RegistrationRequestSchema, { timezone: zm.optional(zm.unknown()) });
/** The player API takes no body on most calls; anything sent is ignored. */
const noBody = z.unknown().optional();

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { players, rateLimits } = app.services;
  const perToken = perPlayer(rateLimits.playerApiPerToken);

  // Player clients send bodiless POSTs and DELETEs with whatever content type their HTTP client picks: an empty
  // body is no body, whatever its type. A non-empty body of an unknown type is still refused (415).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
  const unsupported = new ApiError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Send JSON (Content-Type: application/json)',
  );
  app.removeContentTypeParser('text/plain');
  for (const type of ['text/plain', '*']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => {
      if (body === '') done(null, undefined);
      else done(unsupported, undefined);
    });
  }

  app.post(
    '/',
    {
      bodyLimit: PLAYER_BODY_LIMIT,
      config: perAddress(rateLimits.registrationPerIp),
      schema: {
        summary: 'Register a player; answers its auth object',
        tags: ['player'],
        body: registrationBody,
        response: { 200: AuthObjectSchema, 201: AuthObjectSchema },
      },
    },
    async (request, reply) => {
      const result = await players.register(request.body, credentialOf(request));
      await players.recordZone(result.playerId, reportedZone(request.body.timezone));
      return reply.status(result.status).send(result.auth);
    },
  );

  app.patch(
    '/:id/settings',
    {
      bodyLimit: SETTINGS_BODY_LIMIT,
      config: perToken,
      schema: {
        summary: "Change the player's settings (merged into players/{id}/settings)",
        tags: ['player'],
        params: idParams,
        body: SettingsPatchSchema,
      },
    },
    async (request) => {
      const player = await players.authenticate(credentialOf(request), request.params.id);
      return { settings: await players.updateSettings(player, request.body) };
    },
  );

  app.delete(
    '/:id/pairing',
    {
      config: perToken,
      schema: {
        summary: 'Unpair the player; it gets a new pairing code',
        tags: ['player'],
        params: idParams,
        body: noBody,
      },
    },
    async (request) => {
      const player = await players.authenticate(credentialOf(request), request.params.id);
      return { pairing: { code: await players.unpair(player.id) } };
    },
  );

  app.delete(
    '/:id',
    {
      config: perToken,
      schema: {
        summary: 'Hard reset: delete the player and its data',
        tags: ['player'],
        params: idParams,
        body: noBody,
      },
    },
    async (request) => {
      const player = await players.authenticate(credentialOf(request), request.params.id);
      await players.hardReset(player.id);
      return { deleted: player.id };
    },
  );

  app.post(
    '/:id/heartbeat',
    {
      bodyLimit: PLAYER_BODY_LIMIT,
      config: perToken,
      schema: { summary: 'Record a heartbeat', tags: ['player'], params: idParams, body: noBody },
    },
    async (request) => {
      const player = await players.authenticate(credentialOf(request), request.params.id);
      return { receivedAt: await players.heartbeat(player.id, request.body, request.ip) };
    },
  );

  app.post(
    '/:id/stats',
    {
      bodyLimit: STATS_BODY_LIMIT,
      config: perToken,
      schema: {
        summary: 'Report the runtime stats; the server keeps the latest (docs/player.md §Stats)',
        tags: ['player'],
        params: idParams,
        body: PlayerStatsSchema,
        response: { 200: z.object({ receivedAt: z.number() }) },
      },
    },
    async (request) => {
      const player = await players.authenticate(credentialOf(request), request.params.id);
      return { receivedAt: await players.stats.record(player.id, request.body) };
    },
  );

  app.delete(
    '/:id/credentials',
    {
      config: perToken,
      schema: {
        summary: 'Rotate the credentials (Authorization: the secret); answers the new auth object',
        tags: ['player'],
        params: idParams,
        body: noBody,
        response: { 200: AuthObjectSchema },
      },
    },
    async (request) => players.rotateCredentials(request.params.id, credentialOf(request)),
  );

  app.post(
    '/:id/:action',
    {
      config: perToken,
      schema: {
        summary: 'Acknowledge an action flag (clears action_flags/{action})',
        tags: ['player'],
        params: actionParams,
        body: noBody,
      },
    },
    async (request) => {
      const player = await players.authenticate(credentialOf(request), request.params.id);
      const acknowledgedAt = await players.acknowledge(player.id, request.params.action);
      return { acknowledged: request.params.action, acknowledgedAt };
    },
  );
};
