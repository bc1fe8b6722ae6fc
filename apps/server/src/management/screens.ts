// /api/v1/screens: the organisation's screens with live status; read, change (name, orientation, settings,
// content) and unpair one. Changes reach the player through its realtime document (screenRecords.ts).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ScreenNameSchema } from '@marquee/protocol';
import { badRequest } from '../http/errors';
import { OPERATOR_SECURITY } from '../observability/openapi';
import { operatorOf } from './authenticate';
import { ContentInputSchema, mediaIdsOf, resolveSources } from './content';
import {
  SCREEN_ID_PATTERN,
  ScreenSettingsSchema,
  applyScreenChange,
  findOrgScreen,
  orgMedia,
  type ScreenChange,
} from './screenRecords';
import { ScreenViewSchema, screenView, screenViews } from './screenStatus';

export const SCREEN_BODY_LIMIT = 512 * 1024;

export const ScreenIdParams = z.object({
  id: z.string().regex(SCREEN_ID_PATTERN, 'must be a screen id'),
});

const { orientation: _orientation, ...settingFields } = ScreenSettingsSchema.shape;

export const ScreenPatchSchema = z.strictObject({
  name: z.optional(ScreenNameSchema),
  orientation: ScreenSettingsSchema.shape.orientation,
  settings: z.strictObject(settingFields).optional(),
  content: ContentInputSchema.optional(),
});

export const screenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, players } = app.services;

  app.get(
    '/screens',
    {
      schema: {
        summary: "The organisation's screens with live status",
        tags: ['screens'],
        security: OPERATOR_SECURITY,
        response: { 200: z.object({ screens: z.array(ScreenViewSchema) }) },
      },
    },
    async (request) => {
      const { orgId } = operatorOf(request);
      const screens = await db
        .selectFrom('screens')
        .selectAll()
        .where('org_id', '=', orgId)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return { screens: await screenViews(app.services, screens) };
    },
  );

  app.get(
    '/screens/:id',
    {
      schema: {
        summary: 'One screen with live status',
        tags: ['screens'],
        security: OPERATOR_SECURITY,
        params: ScreenIdParams,
        response: { 200: ScreenViewSchema },
      },
    },
    async (request) => {
      const screen = await findOrgScreen(db, operatorOf(request).orgId, request.params.id);
      return screenView(app.services, screen);
    },
  );

  app.patch(
    '/screens/:id',
    {
      bodyLimit: SCREEN_BODY_LIMIT,
      schema: {
        summary:
          'Change name, orientation, settings or content; a content change raises the manifest version',
        tags: ['screens'],
        security: OPERATOR_SECURITY,
        params: ScreenIdParams,
        body: ScreenPatchSchema,
        response: { 200: ScreenViewSchema },
      },
    },
    async (request) => {
      const { orgId } = operatorOf(request);
      const screen = await findOrgScreen(db, orgId, request.params.id);
      const { name, orientation, settings, content } = request.body;
      const change: ScreenChange = {};
      if (name !== undefined) change.name = name;
      const settingsChange = { ...settings, ...(orientation === undefined ? {} : { orientation }) };
      if (Object.keys(settingsChange).length > 0) change.settings = settingsChange;
      if (content !== undefined) {
        change.sources = resolveSources(content, await orgMedia(db, orgId, mediaIdsOf(content)));
      }
      if (Object.keys(change).length === 0) {
        throw badRequest(
          'NOTHING_TO_CHANGE',
          'Give at least one of name, orientation, settings or content',
          'body',
        );
      }
      const applied = await applyScreenChange(app.services, screen.id, change);
      return screenView(app.services, applied.screen);
    },
  );

  app.delete(
    '/screens/:id',
    {
      schema: {
        summary:
          'Unpair the screen: the player goes back to showing a new pairing code; the screen is deleted',
        tags: ['screens'],
        security: OPERATOR_SECURITY,
        params: ScreenIdParams,
        response: { 200: z.object({ deleted: z.string(), playerId: z.string().nullable() }) },
      },
    },
    async (request) => {
      const screen = await findOrgScreen(db, operatorOf(request).orgId, request.params.id);
      const playerId = screen.player_id;
      if (playerId !== null && (await players.find(playerId)) !== undefined) {
        // New pairing code, no org or screen, app removed; then fresh credentials without org_id and screen_id.
        await players.unpair(playerId);
        await players.raiseCommand(playerId, 'reset_credentials');
      }
      await db.deleteFrom('screens').where('id', '=', screen.id).execute();
      return { deleted: screen.id, playerId };
    },
  );
};
