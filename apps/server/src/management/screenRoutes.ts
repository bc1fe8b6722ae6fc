// /api/v1/screens: the organisation's screens with live status; read, change (name, orientation, settings,
// content, tags, zone) and unpair one; tag many at once; a screen's timeline. The domain is the screen service
// (screens/screenService.ts), the groups' for tags and the timelines' for the timeline.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';
import { screenTimeline as timelineOfScreen } from '../timelines/screenTimeline';
import { contractSchema } from './contractRoute';

/** A screen change carries at most a playlist of APP_DATA_MAX_ITEMS items. */
const SCREEN_BODY_LIMIT = 512 * 1024;

const { listScreens, getScreen, updateScreen, unpairScreen, tagScreens, screenTimeline } = MANAGEMENT_ROUTES;
const docs = { tags: ['screens'], security: OPERATOR_SECURITY };

export const screenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { screens, groups, timelines, clock } = app.services;

  app.route({
    method: listScreens.method,
    url: listScreens.path,
    schema: {
      ...contractSchema(listScreens),
      summary: "The organisation's screens with live status",
      ...docs,
    },
    handler: async (request) => screens.list(operatorOf(request).orgId, request.query),
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
    handler: async (request) => screens.update(operatorOf(request), request.params.id, request.body),
  });

  app.route({
    method: unpairScreen.method,
    url: unpairScreen.path,
    schema: {
      ...contractSchema(unpairScreen),
      summary: 'Unpair the screen: the player goes back to showing a new pairing code; the screen is deleted',
      ...docs,
    },
    handler: async (request) => screens.unpair(operatorOf(request), request.params.id),
  });

  app.route({
    method: tagScreens.method,
    url: tagScreens.path,
    bodyLimit: SCREEN_BODY_LIMIT * 2,
    schema: { ...contractSchema(tagScreens), summary: 'Add and remove tags on many screens', ...docs },
    handler: async (request) => groups.bulkTags(operatorOf(request), request.body),
  });

  app.route({
    method: screenTimeline.method,
    url: screenTimeline.path,
    schema: {
      ...contractSchema(screenTimeline),
      summary: "What the screen shows between two instants and why, in the screen's zone",
      ...docs,
    },
    handler: async (request) => {
      const screen = await screens.find(operatorOf(request).orgId, request.params.id);
      return timelineOfScreen(timelines, screen, request.query, clock());
    },
  });
};
