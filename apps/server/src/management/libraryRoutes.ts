// /api/v1/playlists and /api/v1/groups: the content library and screen groups
// (docs/management-api.md §Schedules and content library). The domain is in playlists/playlistService.ts and
// groups/groupService.ts.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

/** A playlist carries at most APP_DATA_MAX_ITEMS items; a group lists at most 20,000 screen ids. */
const LIBRARY_BODY_LIMIT = 3 * 1024 * 1024;

const R = MANAGEMENT_ROUTES;

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { playlists, groups } = app.services;
  const playlistDocs = { tags: ['playlists'], security: OPERATOR_SECURITY };
  const groupDocs = { tags: ['groups'], security: OPERATOR_SECURITY };

  app.route({
    method: R.createPlaylist.method,
    url: R.createPlaylist.path,
    bodyLimit: LIBRARY_BODY_LIMIT,
    schema: { ...contractSchema(R.createPlaylist), summary: 'Create a playlist', ...playlistDocs },
    handler: async (request, reply) =>
      reply.status(201).send(await playlists.create(operatorOf(request), request.body)),
  });
  app.route({
    method: R.listPlaylists.method,
    url: R.listPlaylists.path,
    schema: { ...contractSchema(R.listPlaylists), summary: "The organisation's playlists", ...playlistDocs },
    handler: async (request) => ({ playlists: await playlists.list(operatorOf(request).orgId) }),
  });
  app.route({
    method: R.getPlaylist.method,
    url: R.getPlaylist.path,
    schema: {
      ...contractSchema(R.getPlaylist),
      summary: 'One playlist and where it is used',
      ...playlistDocs,
    },
    handler: async (request) => playlists.get(operatorOf(request).orgId, request.params.id),
  });
  app.route({
    method: R.updatePlaylist.method,
    url: R.updatePlaylist.path,
    bodyLimit: LIBRARY_BODY_LIMIT,
    schema: {
      ...contractSchema(R.updatePlaylist),
      summary: 'Change a playlist; every screen showing it gets a new content version at once',
      ...playlistDocs,
    },
    handler: async (request) => playlists.update(operatorOf(request), request.params.id, request.body),
  });
  app.route({
    method: R.deletePlaylist.method,
    url: R.deletePlaylist.path,
    schema: {
      ...contractSchema(R.deletePlaylist),
      summary: 'Delete a playlist nothing uses',
      ...playlistDocs,
    },
    handler: async (request) => playlists.delete(operatorOf(request), request.params.id),
  });

  app.route({
    method: R.createGroup.method,
    url: R.createGroup.path,
    bodyLimit: LIBRARY_BODY_LIMIT,
    schema: { ...contractSchema(R.createGroup), summary: 'Create a screen group', ...groupDocs },
    handler: async (request, reply) =>
      reply.status(201).send(await groups.create(operatorOf(request), request.body)),
  });
  app.route({
    method: R.listGroups.method,
    url: R.listGroups.path,
    schema: { ...contractSchema(R.listGroups), summary: "The organisation's groups", ...groupDocs },
    handler: async (request) => ({ groups: await groups.list(operatorOf(request).orgId) }),
  });
  app.route({
    method: R.getGroup.method,
    url: R.getGroup.path,
    schema: { ...contractSchema(R.getGroup), summary: 'One group with its members', ...groupDocs },
    handler: async (request) => groups.get(operatorOf(request).orgId, request.params.id),
  });
  app.route({
    method: R.updateGroup.method,
    url: R.updateGroup.path,
    bodyLimit: LIBRARY_BODY_LIMIT,
    schema: {
      ...contractSchema(R.updateGroup),
      summary: 'Change a group; screens that join or leave it get new timelines at once',
      ...groupDocs,
    },
    handler: async (request) => groups.update(operatorOf(request), request.params.id, request.body),
  });
  app.route({
    method: R.deleteGroup.method,
    url: R.deleteGroup.path,
    schema: { ...contractSchema(R.deleteGroup), summary: 'Delete a group nothing targets', ...groupDocs },
    handler: async (request) => groups.delete(operatorOf(request), request.params.id),
  });
};
