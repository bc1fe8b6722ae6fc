// buildApp: one Fastify instance of the cloud service, ready to listen (DESIGN.md §1). It creates the shared
// services (services.ts), the logger, body limits, the error answers, and registers every plugin below.

import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { errorHandler, notFoundHandler } from './http/errorHandler';
import { parseQuery, rejectRefusedQuery } from './http/queryString';
import { identityRoutes } from './identity/identityRoutes';
import { healthRoutes } from './hosting/health';
import { staticApps } from './hosting/staticApps';
import { logRoutes } from './logs/logRoutes';
import { managementApi } from './management/managementApi';
import { mediaFileRoutes } from './media/mediaRoutes';
import { metricsRoutes, registerObservability } from './observability/observability';
import { registerOpenApi } from './observability/openapi';
import { playerRoutes } from './players/playerRoutes';
import { realtimePlugin, type RealtimePluginOptions } from './realtime/realtimePlugin';
import { loggerOptions } from './logger';
import { createServices, type ServiceOptions } from './services';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Largest request body by default; routes that take more or less set their own bodyLimit. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions extends ServiceOptions {
  /** false silences the log (tests); default: pino at the configured level. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: DestinationStream;
  bodyLimit?: number;
  /** The folder holding {player,meet,content,studio,host}/dist (default: apps/ of this checkout). */
  appsDir?: string;
  /** Largest media upload in bytes (default 100 MB). */
  mediaMaxBytes?: number;
  /** Realtime hub settings (keep-alive, limits, node id); tests shorten the timers. */
  realtime?: RealtimePluginOptions;
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // Idle keep-alive sockets are closed at shutdown; requests in flight are finished first.
    forceCloseConnections: 'idle',
    routerOptions: { querystringParser: parseQuery },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.addHook('onRequest', rejectRefusedQuery);

  const created = await createServices(config, options, (error, context) =>
    app.log.error({ err: error }, `background error in ${context}`),
  );
  app.decorate('services', created.services);
  // onClose runs after the server stopped accepting and in-flight requests finished: pending writes are drained
  // and the database closed last, so every acknowledged write is on disk.
  app.addHook('onClose', async () => created.close());

  // Rate limits are opt-in per route (config.rateLimit), each keyed as the route needs (IP or token).
  await app.register(rateLimit, { global: false });

  await registerPlugins(app, options);
  return app;
}

/**
 * Every feature plugin, each under its own prefix. A plugin that needs to see every route (OpenAPI) goes first.
 */
async function registerPlugins(app: App, options: BuildAppOptions): Promise<void> {
  registerObservability(app);
  await registerOpenApi(app);
  await app.register(identityRoutes, { prefix: '/identity/v1' });
  await app.register(playerRoutes, { prefix: '/_internal/players' });
  await app.register(realtimePlugin, options.realtime ?? {});
  await app.register(managementApi, { prefix: '/api/v1', mediaMaxBytes: options.mediaMaxBytes });
  await app.register(logRoutes);
  await app.register(mediaFileRoutes);
  await app.register(metricsRoutes);
  await app.register(healthRoutes);
  await app.register(staticApps, { appsDir: options.appsDir });
}
