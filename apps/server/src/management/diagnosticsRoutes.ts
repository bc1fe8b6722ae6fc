// /api/v1/screens/{id}/screenshot, /device, /logs and /errors: what a screen's player reported, read back
// (logs/diagnosticsService.ts).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

const { screenshot, device, logs, errors } = MANAGEMENT_ROUTES;
const docs = { tags: ['diagnostics'], security: OPERATOR_SECURITY };
const PAGED = '(page with limit and the previous nextCursor)';

export const diagnosticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { diagnostics } = app.services;

  app.route({
    method: screenshot.method,
    url: screenshot.path,
    schema: {
      ...contractSchema(screenshot),
      summary: "The screen's latest screenshot (the image bytes); 404 when none was taken",
      ...docs,
    },
    handler: async (request, reply) => {
      const shot = await diagnostics.screenshot(operatorOf(request).orgId, request.params.id);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('last-modified', new Date(shot.takenAt).toUTCString())
        .header('x-content-type-options', 'nosniff')
        .header('x-screenshot-id', shot.id)
        .type(shot.contentType)
        .send(shot.data);
    },
  });

  app.route({
    method: device.method,
    url: device.path,
    schema: {
      ...contractSchema(device),
      summary: "The last device record of the screen's player; 404 when none arrived",
      ...docs,
    },
    handler: async (request) => diagnostics.device(operatorOf(request).orgId, request.params.id),
  });

  app.route({
    method: logs.method,
    url: logs.path,
    schema: {
      ...contractSchema(logs),
      summary: `The player's recent log lines, newest first ${PAGED}`,
      ...docs,
    },
    handler: async (request) => diagnostics.logs(operatorOf(request).orgId, request.params.id, request.query),
  });

  app.route({
    method: errors.method,
    url: errors.path,
    schema: {
      ...contractSchema(errors),
      summary: `The player's recent error reports, newest first ${PAGED}`,
      ...docs,
    },
    handler: async (request) =>
      diagnostics.errors(operatorOf(request).orgId, request.params.id, request.query),
  });
};
