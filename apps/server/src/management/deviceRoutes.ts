// /api/v1/players/{playerId}/…: blocking a device the organisation has seen, and the meeting-room variant's
// operator-written nodes (devices/deviceService.ts).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

const { blockPlayer, unblockPlayer, setAppToken, setOverriddenPlayer } = MANAGEMENT_ROUTES;
const docs = { tags: ['devices'], security: OPERATOR_SECURITY };

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { devices } = app.services;

  for (const [route, blocked, summary] of [
    [blockPlayer, true, 'Block a device: its registration and every player call are refused (403)'],
    [unblockPlayer, false, 'Unblock a device'],
  ] as const) {
    app.route({
      method: route.method,
      url: route.path,
      schema: { ...contractSchema(route), summary, ...docs },
      handler: async (request) => {
        const { playerId } = request.params;
        await devices.setBlocked(operatorOf(request), playerId, blocked);
        return { playerId, blocked };
      },
    });
  }

  app.route({
    method: setAppToken.method,
    url: setAppToken.path,
    schema: {
      ...contractSchema(setAppToken),
      summary: 'Set the meeting-room token the frame source is derived from (null clears it)',
      ...docs,
    },
    handler: async (request) => {
      const { playerId } = request.params;
      const { token } = request.body;
      await devices.setAppToken(operatorOf(request), playerId, token);
      return { playerId, token };
    },
  });

  app.route({
    method: setOverriddenPlayer.method,
    url: setOverriddenPlayer.path,
    schema: {
      ...contractSchema(setOverriddenPlayer),
      summary: 'Override a meeting-room player: a websocket pair, an href or an action (null restores it)',
      ...docs,
    },
    handler: async (request) => {
      const { playerId } = request.params;
      const value = await devices.setOverriddenPlayer(operatorOf(request), playerId, request.body.value);
      return { playerId, value };
    },
  });
};
