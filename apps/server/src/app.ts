// buildApp: one Fastify instance of the cloud service, ready to listen (docs/architecture.md). It creates the shared
// services (services.ts), the logger, body limits, the error answers, and registers every plugin below. Plugins
// only parse, call a service and shape the answer; the domain is in the services.

import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { MANAGEMENT_API_PREFIX } from '@marquee/management-api';
import type { Config } from './config';
import { admitConnections, type Admission, type AdmissionOptions } from './http/admission';
import { errorHandler, notFoundHandler } from './http/errorHandler';
import { feedRoutes } from './feeds/feedRoutes';
import { parseQuery, rejectRefusedQuery } from './http/queryString';
import { identityRoutes } from './identity/identityRoutes';
import { healthRoutes } from './hosting/health';
import { registerSecurityHeaders } from './hosting/securityHeaders';
import { staticApps } from './hosting/staticApps';
import { logRoutes } from './logs/logRoutes';
import { managementApi } from './management/managementApi';
import { mediaFileRoutes } from './media/mediaFileRoutes';
import { metricsRoutes, registerObservability } from './observability/observability';
import { registerOpenApi } from './observability/openapi';
import { playerRoutes } from './players/playerRoutes';
import { playerPlayRoutes } from './plays/playerPlayRoutes';
import { realtimePlugin, type RealtimePluginOptions } from './realtime/realtimePlugin';
import { lazyChildLogger } from './lazyChildLogger';
import { loggerOptions } from './logger';
import { redisReady } from './realtime/redisClient';
import { REDIS_START_WAIT_MS, createServices, type ServiceOptions } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** Admission of new connections (http/admission.ts). */
    admission: Admission;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Largest request body by default; routes that take more or less set their own bodyLimit. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions extends ServiceOptions {
  /** false silences the log (tests); default: pino at the configured level. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: DestinationStream;
  bodyLimit?: number;
  /** The folder holding {player,meet,content,studio,host}/dist (default: apps/ of this checkout). */
  appsDir?: string;
  /** Realtime hub settings (keep-alive, limits, node id); tests shorten the timers. */
  realtime?: RealtimePluginOptions;
  /** Connections set up at once (http/admission.ts); tests lower the bound. */
  admission?: AdmissionOptions;
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    // A request's logger is made when it first logs (lazyChildLogger.ts).
    childLoggerFactory: lazyChildLogger,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // Idle keep-alive sockets are closed at shutdown; requests in flight are finished first.
    forceCloseConnections: 'idle',
    routerOptions: { querystringParser: parseQuery },
    // Behind a load balancer, X-Forwarded-For names the client (request.ip, the key of per-IP rate limits) when
    // the operator says which proxies to trust (MARQUEE_TRUST_PROXY); otherwise any client could spoof it.
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  // A node busy setting up connections serves the next ones as places free up (http/admission.ts).
  const admission = admitConnections(app.server, options.admission);
  app.decorate('admission', admission);
  app.addHook('onResponse', (request, _reply, done) => {
    // A WebSocket's setup ends with its first realtime answer (the hub says so), not with the upgrade.
    if (request.headers.upgrade === undefined) admission.settled(request.raw.socket);
    done();
  });
  // Before the server closes: connections never served are closed (the server would wait for them).
  app.addHook('preClose', (done) => {
    admission.close();
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  registerSecurityHeaders(app);
  app.addHook('onRequest', rejectRefusedQuery);

  const created = await createServices(
    config,
    options,
    (error, context) => app.log.error({ err: error }, `background error in ${context}`),
    app.log,
  );
  app.decorate('services', created.services);
  // onClose runs after the server stopped accepting and in-flight requests finished: pending writes are drained
  // and the database closed last, so every acknowledged write is on disk.
  app.addHook('onClose', async () => created.close());

  await registerRateLimits(app);

  await registerPlugins(app, options);
  return app;
}

/**
 * Rate limits are opt-in per route (config.rateLimit), each keyed as the route needs (IP or token). With REDIS_URL
 * the counters live in Redis, so a client gets the same limit whichever node answers.
 */
async function registerRateLimits(app: App): Promise<void> {
  // The services' rate-limit connection (closed with them), which the failed-sign-in counters share.
  const redis = app.services.rateLimitRedis;
  if (redis === null) {
    await app.register(rateLimit, { global: false });
    return;
  }
  // Connected before the first request, which would otherwise go unchecked; when Redis was not reachable for the
  // pub/sub (which waited already), the start is not delayed again.
  const reachable = app.services.pubsub.status === 'ready';
  if (!reachable || !(await redisReady(redis, REDIS_START_WAIT_MS))) {
    app.log.warn('Redis is not reachable yet: HTTP rate limits are not enforced until it is');
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'marquee-rate:',
    // While Redis is away, requests are let through unlimited rather than refused: a Redis outage must never lock
    // a fleet of players (or operators) out, and the limits only guard against abuse, not for correctness.
    skipOnError: true,
  });
}

/**
 * Every feature plugin, each under its own prefix. A plugin that needs to see every route (OpenAPI) goes first.
 */
async function registerPlugins(app: App, options: BuildAppOptions): Promise<void> {
  registerObservability(app);
  await registerOpenApi(app);
  await app.register(identityRoutes, { prefix: '/identity/v1' });
  await app.register(playerRoutes, { prefix: '/_internal/players' });
  await app.register(playerPlayRoutes, { prefix: '/_internal/players' });
  await app.register(realtimePlugin, { ...options.realtime, admission: app.admission });
  await app.register(managementApi, { prefix: MANAGEMENT_API_PREFIX });
  await app.register(logRoutes);
  await app.register(mediaFileRoutes);
  await app.register(feedRoutes);
  await app.register(metricsRoutes);
  await app.register(healthRoutes);
  await app.register(staticApps, { appsDir: options.appsDir });
}
