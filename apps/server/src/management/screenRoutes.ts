// /api/v1/screens: the organisation's screens with live status; read, change (name, orientation, settings,
// content) and unpair one. The domain is the screen service (screens/screenService.ts).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

/** A screen change carries at most a playlist of APP_DATA_MAX_ITEMS items. */
const SCREEN_BODY_LIMIT = 512 * 1024;

const { listScreens, getScreen, updateScreen, unpairScreen } = MANAGEMENT_ROUTES;
const docs = { tags: ['screens'], security: OPERATOR_SECURITY };

export const screenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { screens } = app.services;

  app.route({
    method: listScreens.method,
    url: listScreens.path,
    schema: {
      ...contractSchema(listScreens),
      summary: "The organisation's screens with live status",
      ...docs,
    },
    handler: async (request) => ({
      screens: await screens.list(operatorOf(request).orgId),
      nextCursor: null,
    }),
  });

  app.route({
    method: getScreen.method,
    url: getScreen.path,
    schema: { ...contractSchema(getScreen), summary: 'One screen with live status', ...docs },
    handler: async (request) => screens.get(operatorOf(request).orgId, request.params.id),
  });

  app.route({
    method: updateScreen.method,
    url: updateScreen.path,
    bodyLimit: SCREEN_BODY_LIMIT,
    schema: {
      ...contractSchema(updateScreen),
      summary: 'Change name, orientation, settings or content; a content change raises the manifest version',
      ...docs,
    },
    handler: async (request) => screens.update(operatorOf(request).orgId, request.params.id, request.body),
  });

  app.route({
    method: unpairScreen.method,
    url: unpairScreen.path,
    schema: {
      ...contractSchema(unpairScreen),
      summary: 'Unpair the screen: the player goes back to showing a new pairing code; the screen is deleted',
      ...docs,
    },
    handler: async (request) => screens.unpair(operatorOf(request).orgId, request.params.id),
  });
};
