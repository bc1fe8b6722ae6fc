// Routes of the contract the server does not serve yet (schedules and playlists are being built): each answers 404
// NOT_FOUND like a route that does not exist (a 5xx would be a fault of the server), so the served API matches its
// contract route by route meanwhile. Each goes once its own routes file registers it.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES, type ManagementRouteName } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { ApiError } from '../http/errors';
import { contractSchema } from './contractRoute';

const PENDING: readonly ManagementRouteName[] = [
  'tagScreens',
  'screenTimeline',
  'createPlaylist',
  'listPlaylists',
  'getPlaylist',
  'updatePlaylist',
  'deletePlaylist',
  'createGroup',
  'listGroups',
  'getGroup',
  'updateGroup',
  'deleteGroup',
  'createSchedule',
  'validateSchedule',
  'listSchedules',
  'getSchedule',
  'updateSchedule',
  'deleteSchedule',
  'createOverride',
  'listOverrides',
  'deleteOverride',
];

export const pendingRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const name of PENDING) {
    const route = MANAGEMENT_ROUTES[name];
    app.route({
      method: route.method,
      url: route.path,
      schema: { ...contractSchema(route), summary: 'Not served yet', security: OPERATOR_SECURITY },
      handler: async () => {
        throw new ApiError(404, 'NOT_FOUND', `${route.method} ${route.path} is not served yet`);
      },
    });
  }
};
