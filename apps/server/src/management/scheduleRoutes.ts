// /api/v1/schedules and /api/v1/overrides (docs/management-api.md §Schedules and content library). The domain is in
// schedules/scheduleService.ts and overrides/overrideService.ts.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

/** Targets name at most 20,000 screens and groups each. */
const RULE_BODY_LIMIT = 3 * 1024 * 1024;

const R = MANAGEMENT_ROUTES;

export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { schedules, overrides } = app.services;
  const docs = { tags: ['schedules'], security: OPERATOR_SECURITY };

  app.route({
    method: R.createSchedule.method,
    url: R.createSchedule.path,
    bodyLimit: RULE_BODY_LIMIT,
    schema: {
      ...contractSchema(R.createSchedule),
      summary: 'Create a schedule; its screens get new timelines at once',
      ...docs,
    },
    handler: async (request, reply) =>
      reply.status(201).send(await schedules.create(operatorOf(request), request.body)),
  });
  app.route({
    method: R.validateSchedule.method,
    url: R.validateSchedule.path,
    bodyLimit: RULE_BODY_LIMIT,
    schema: {
      ...contractSchema(R.validateSchedule),
      summary:
        'Where a schedule would play at once with others of its priority (next 14 days); stores nothing',
      ...docs,
    },
    handler: async (request) => schedules.validate(operatorOf(request).orgId, request.body),
  });
  app.route({
    method: R.listSchedules.method,
    url: R.listSchedules.path,
    schema: { ...contractSchema(R.listSchedules), summary: "The organisation's schedules", ...docs },
    handler: async (request) => ({ schedules: await schedules.list(operatorOf(request).orgId) }),
  });
  app.route({
    method: R.getSchedule.method,
    url: R.getSchedule.path,
    schema: { ...contractSchema(R.getSchedule), summary: 'One schedule', ...docs },
    handler: async (request) => schedules.get(operatorOf(request).orgId, request.params.id),
  });
  app.route({
    method: R.updateSchedule.method,
    url: R.updateSchedule.path,
    bodyLimit: RULE_BODY_LIMIT,
    schema: {
      ...contractSchema(R.updateSchedule),
      summary: 'Change a schedule; the screens it reached and reaches get new timelines at once',
      ...docs,
    },
    handler: async (request) => schedules.update(operatorOf(request), request.params.id, request.body),
  });
  app.route({
    method: R.deleteSchedule.method,
    url: R.deleteSchedule.path,
    schema: { ...contractSchema(R.deleteSchedule), summary: 'Delete a schedule', ...docs },
    handler: async (request) => schedules.delete(operatorOf(request), request.params.id),
  });

  const overrideDocs = { tags: ['overrides'], security: OPERATOR_SECURITY };
  app.route({
    method: R.createOverride.method,
    url: R.createOverride.path,
    bodyLimit: RULE_BODY_LIMIT,
    schema: {
      ...contractSchema(R.createOverride),
      summary: 'Show a playlist or a message on the targeted screens now, until it expires',
      ...overrideDocs,
    },
    handler: async (request, reply) =>
      reply.status(201).send(await overrides.create(operatorOf(request), request.body)),
  });
  app.route({
    method: R.listOverrides.method,
    url: R.listOverrides.path,
    schema: {
      ...contractSchema(R.listOverrides),
      summary: 'The active overrides and which screens have applied them',
      ...overrideDocs,
    },
    handler: async (request) => ({ overrides: await overrides.list(operatorOf(request).orgId) }),
  });
  app.route({
    method: R.deleteOverride.method,
    url: R.deleteOverride.path,
    schema: {
      ...contractSchema(R.deleteOverride),
      summary: 'Clear an override: its screens go back at once',
      ...overrideDocs,
    },
    handler: async (request) => overrides.delete(operatorOf(request), request.params.id),
  });
};
