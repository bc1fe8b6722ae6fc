// /api/v1/layouts: screens divided into zones, each playing a playlist or a built-in app (docs/layouts.md §API). The
// domain is in layouts/layoutService.ts.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

/** Twelve zones, an html app's configuration of 16 KiB each, and then some. */
const LAYOUT_BODY_LIMIT = 512 * 1024;

const R = MANAGEMENT_ROUTES;

export const layoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { layouts } = app.services;
  const docs = { tags: ['layouts'], security: OPERATOR_SECURITY };

  app.route({
    method: R.createLayout.method,
    url: R.createLayout.path,
    bodyLimit: LAYOUT_BODY_LIMIT,
    schema: { ...contractSchema(R.createLayout), summary: 'Create a layout', ...docs },
    handler: async (request, reply) =>
      reply.status(201).send(await layouts.create(operatorOf(request), request.body)),
  });
  app.route({
    method: R.listLayouts.method,
    url: R.listLayouts.path,
    schema: { ...contractSchema(R.listLayouts), summary: "The organisation's layouts", ...docs },
    handler: async (request) => ({ layouts: await layouts.list(operatorOf(request).orgId) }),
  });
  app.route({
    method: R.getLayout.method,
    url: R.getLayout.path,
    schema: { ...contractSchema(R.getLayout), summary: 'One layout and where it is used', ...docs },
    handler: async (request) => layouts.get(operatorOf(request).orgId, request.params.id),
  });
  app.route({
    method: R.updateLayout.method,
    url: R.updateLayout.path,
    bodyLimit: LAYOUT_BODY_LIMIT,
    schema: {
      ...contractSchema(R.updateLayout),
      summary: 'Change a layout; every screen showing it gets a new content version at once',
      ...docs,
    },
    handler: async (request) => layouts.update(operatorOf(request), request.params.id, request.body),
  });
  app.route({
    method: R.deleteLayout.method,
    url: R.deleteLayout.path,
    schema: { ...contractSchema(R.deleteLayout), summary: 'Delete a layout nothing uses', ...docs },
    handler: async (request) => layouts.delete(operatorOf(request), request.params.id),
  });
};
