// The shared services of one server node, created once by buildApp and reachable from every plugin as
// `app.services` (typed below). Plugins take what they need from here instead of opening their own. The domain
// services own their queries and throw domain errors (domain/errors.ts); routes only parse, call and shape.

import type { Redis } from 'ioredis';
import type { Config, RateLimits } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrations';
import { DeviceService } from './devices/deviceService';
import { InProcessFailedSignIns, type FailedSignIns } from './identity/failedSignIns';
import { IdentityService } from './identity/identityService';
import { RedisFailedSignIns } from './identity/redisFailedSignIns';
import { PlayerTokens } from './identity/playerTokens';
import { SigningKeys } from './identity/signingKeys';
import { DiagnosticsService } from './logs/diagnosticsService';
import { LogService } from './logs/logService';
import { MediaCatalog } from './media/mediaCatalog';
import { DEFAULT_MEDIA_MAX_BYTES } from './media/mediaFiles';
import { MediaService } from './media/mediaService';
import { Metrics } from './observability/metrics';
import { OperatorService } from './operators/operatorService';
import { PlayerService, secureRandom } from './players/playerService';
import { DocumentStore } from './realtime/documentStore';
import { InProcessPubSub, type PubSub } from './realtime/pubsub';
import { closeRedisClient, createRedisClient } from './realtime/redisClient';
import { RedisPubSub, type RedisPubSubLog } from './realtime/redisPubSub';
import { GroupService } from './groups/groupService';
import { LayoutService } from './layouts/layoutService';
import { OverrideService } from './overrides/overrideService';
import { PlaylistService } from './playlists/playlistService';
import { ScheduleService } from './schedules/scheduleService';
import { ScreenService } from './screens/screenService';
import type { SweepTimers } from './periodicSweep';
import { startTimelineSweep } from './timelines/timelineSweep';
import { TimelineService } from './timelines/timelineService';
import { DeliveryWorker, nodeDeliveryTimers, type DeliveryTimers } from './webhooks/deliveryWorker';
import { WebhookService } from './webhooks/webhookService';
import { AlertEngine } from './alerts/alertEngine';
import { AlertMailer, smtpTransport } from './alerts/alertMailer';
import { AlertRuleService } from './alerts/alertRuleService';
import { HealthMonitor } from './health/healthMonitor';
import { HealthService } from './health/healthService';
import { startHealthSweep } from './health/healthSweep';
import { sweepsOnThisNode } from './health/sweepingNode';
import type { WebhookEventSink } from './webhooks/webhookEventSink';
import { PlayReportService } from './plays/playReportService';
import { startPlayRetentionSweep } from './plays/playRetentionSweep';
import { PlayService } from './plays/playService';
import { ApiKeyService } from './apiKeys/apiKeyService';
import { AuditService } from './audit/auditService';
import { startAuditRetentionSweep } from './audit/auditRetentionSweep';
import { InvitationService } from './members/invitationService';
import { MemberService } from './members/memberService';
import { OrgService } from './members/orgService';
import { PasswordService } from './members/passwordService';
import { TeamMail } from './members/teamMail';
import { SsoSettings } from './sso/ssoSettings';
import { SsoSignIn } from './sso/ssoSignIn';
import { FeedService } from './feeds/feedService';
import { newId } from './ids';

/** Longest wait for Redis at start; the node starts without it (and says so in /readyz) when it takes longer. */
export const REDIS_START_WAIT_MS = 5000;

/** Longest wait for Redis's answer to a rate-limit check before the request goes through unchecked. */
const RATE_LIMIT_REDIS_TIMEOUT_MS = 1000;

// The rate limits live with the configuration (MARQUEE_RATE_LIMIT_*); re-exported for the routes that use them.
export { DEFAULT_RATE_LIMITS, type RateLimits } from './config';

export interface AppServices {
  config: Config;
  /** This server process's id among the nodes sharing the database: its realtime hub's lease (realtime/nodeLease.ts). */
  nodeId: string;
  database: DatabaseHandle;
  /** The Kysely instance of `database`. */
  db: DatabaseHandle['db'];
  pubsub: PubSub;
  /** With REDIS_URL, the connection of the rate limits (HTTP and failed sign-ins); null without. */
  rateLimitRedis: Redis | null;
  documents: DocumentStore;
  /** Token signing and verification by kid (keys in the database). */
  keys: SigningKeys;
  /** API tokens and custom tokens of players. */
  playerTokens: PlayerTokens;
  /** Accounts, sign-in, ID tokens: identity.verifyIdToken authenticates operators and players. */
  identity: IdentityService;
  /** Players: registration, authentication by API token, credentials, pairing codes, action flags. */
  players: PlayerService;
  /** Operators: sign-up, sign-in and the authentication of management calls. */
  operators: OperatorService;
  /** The organisations' screens: pairing, views with live status, changes, unpairing, commands. */
  screens: ScreenService;
  /** Screens' timelines: compiled, written to app/data when what shows changes, swept every 10 minutes. */
  timelines: TimelineService;
  /** Screen groups and tags. */
  groups: GroupService;
  /** The content library. */
  playlists: PlaylistService;
  schedules: ScheduleService;
  /** Layouts: screens divided into zones (docs/layouts.md). */
  layouts: LayoutService;
  /** Emergency overrides. */
  overrides: OverrideService;
  /** The organisations' media files, and their bytes for the public route. */
  media: MediaService;
  /** Devices an organisation has seen: blocking, the meeting-room variant's nodes. */
  devices: DeviceService;
  /** What players send: device records, log lines, error reports, screenshots. */
  logs: LogService;
  /** What players sent, read back for the studio. */
  diagnostics: DiagnosticsService;
  /** Milliseconds since the epoch; injected in tests. */
  clock: () => number;
  rateLimits: RateLimits;
  /** Prometheus metrics of this instance (served at /metrics). */
  metrics: Metrics;
  /** Webhooks, and the event sink domains emit through (`webhooks.emit`). */
  webhooks: WebhookService;
  /** This node's sender of webhook deliveries. */
  webhookWorker: DeliveryWorker;
  /** Screen health as the API answers it: online/offline since, uptime (docs/screen-health.md). */
  health: HealthService;
  /** This node's health monitor (swept every 10 s with the alert engine after it). */
  healthMonitor: HealthMonitor;
  /** Alert rules, and the engine that acts on them after each health sweep. */
  alertRules: AlertRuleService;
  alerts: AlertEngine;
  /** Alert emails; null without MARQUEE_SMTP_URL. */
  alertMailer: AlertMailer | null;
  /** Proof of play: ingest of the players' batches, retention. */
  plays: PlayService;
  /** Proof of play read back: listings, CSV, summaries. */
  playReports: PlayReportService;
  /** API keys of integrations: made, listed, revoked, and the authentication of management calls made with one. */
  apiKeys: ApiKeyService;
  /** The audit log read back, and its retention. */
  audit: AuditService;
  /** The organisation's members: roles, removal, ownership. */
  members: MemberService;
  /** Invitations to join an organisation. */
  invitations: InvitationService;
  /** Password changes and resets of members. */
  passwords: PasswordService;
  /** Deleting an organisation. */
  orgs: OrgService;
  /** Each organisation's single sign-on provider (OpenID Connect). */
  ssoSettings: SsoSettings;
  /** Signing members in through their organisation's provider. */
  ssoSignIn: SsoSignIn;
  /** The cleaned copies of feed apps' feeds, fetched and cached (GET /feeds/{id}). */
  feeds: FeedService;
}

export interface ServiceOptions {
  /** An open database; when absent one is opened from the configuration (and closed with the app). */
  database?: DatabaseHandle;
  /** Run pending migrations on the database (default true; main.ts has already run them). */
  migrate?: boolean;
  /** Default: Redis when REDIS_URL is set, else in process. */
  pubsub?: PubSub;
  clock?: () => number;
  /** Like Math.random (default: the operating system's random source); pairing codes are drawn from it. */
  random?: () => number;
  rateLimits?: Partial<RateLimits>;
  /** Largest media upload in bytes (default DEFAULT_MEDIA_MAX_BYTES). */
  mediaMaxBytes?: number;
  /** The timeline sweep's timers (default setInterval, unref'd); tests pass their own or none. */
  sweepTimers?: SweepTimers | null;
  /** The webhook delivery worker's timers (default Node's, unref'd); null: not started (tests run it by hand). */
  webhookTimers?: DeliveryTimers | null;
  /** A webhook receiver's time to answer (default 10 s). */
  webhookTimeoutMs?: number;
  /** Where health transitions and alerts are emitted (default: the webhook service); tests collect them. */
  events?: WebhookEventSink;
  /** The plays' retention sweep's timers (default setInterval, unref'd); tests pass their own or none. */
  playRetentionTimers?: SweepTimers | null;
  /** The audit log's retention sweep's timers (default setInterval, unref'd); tests pass their own or none. */
  auditRetentionTimers?: SweepTimers | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export interface CreatedServices {
  services: AppServices;
  /** Releases what createServices opened (not what was passed in). */
  close(): Promise<void>;
}

export async function createServices(
  config: Config,
  options: ServiceOptions,
  onBackgroundError: (error: unknown, context: string) => void,
  log: RedisPubSubLog = { info: () => {}, warn: () => {} },
): Promise<CreatedServices> {
  const ownsDatabase = options.database === undefined;
  const database =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      onPoolError: (error) => onBackgroundError(error, 'database pool'),
      onCheckpointError: (error) => onBackgroundError(error, 'SQLite checkpoints'),
    });
  const ownsPubSub = options.pubsub === undefined;
  let pubsub: PubSub | undefined;
  // A client of its own: a rate-limit check never waits behind the pub/sub's traffic, and a check that Redis does
  // not answer in time lets the request through.
  const rateLimitRedis =
    config.redisUrl === null
      ? null
      : createRedisClient(config.redisUrl, 'marquee-rate-limit', {
          commandTimeout: RATE_LIMIT_REDIS_TIMEOUT_MS,
        });
  try {
    if (options.migrate ?? true) await migrateToLatest(database.db, database.dialect);
    const clock = options.clock ?? Date.now;
    const onHandlerError = (error: unknown, topic: string) =>
      onBackgroundError(error, `subscriber of ${topic}`);
    if (options.pubsub !== undefined) {
      pubsub = options.pubsub;
    } else if (config.redisUrl !== null) {
      const redis = new RedisPubSub({
        url: config.redisUrl,
        // Per environment: channels are not separated by Redis database number.
        channelPrefix: `marquee:${config.environment}:`,
        onHandlerError,
        log,
      });
      pubsub = redis;
      if (!(await redis.connected(REDIS_START_WAIT_MS))) {
        log.warn(
          'Redis is not reachable yet: starting without it; realtime changes of other nodes are delayed',
        );
      }
    } else {
      pubsub = new InProcessPubSub(onHandlerError);
    }
    const shared = pubsub;
    const documents = new DocumentStore({ database, pubsub, clock });
    const keys = new SigningKeys(database.db, clock);
    await keys.ensureKey();
    const playerTokens = new PlayerTokens(keys, clock);
    const failedSignIns: FailedSignIns =
      rateLimitRedis === null
        ? new InProcessFailedSignIns(clock)
        : new RedisFailedSignIns({
            client: rateLimitRedis,
            keyPrefix: `marquee:${config.environment}:`,
            clock,
            onUnavailable: () =>
              log.warn('Redis did not answer: a sign-in went through without its account limit'),
          });
    const identity = new IdentityService({
      db: database.db,
      sqlite: database.sqlite,
      keys,
      playerTokens,
      clock,
      failedSignIns,
    });
    const webhookWorker = new DeliveryWorker({
      db: database.db,
      clock,
      timers: options.webhookTimers ?? nodeDeliveryTimers,
      timeoutMs: options.webhookTimeoutMs,
      onError: (error) => onBackgroundError(error, 'webhook deliveries'),
    });
    const webhooks = new WebhookService({ db: database.db, clock, onStored: () => webhookWorker.wake() });
    const players = new PlayerService({
      db: database.db,
      documents,
      playerTokens,
      identity,
      clock,
      random: options.random ?? secureRandom,
      exemptOrgs: config.exemptOrgs,
      events: webhooks,
    });
    const catalog = new MediaCatalog(database.db);
    const timelines = new TimelineService({
      db: database.db,
      documents,
      media: catalog,
      clock,
      publicUrl: config.publicUrl,
    });
    const refresh = async (orgId: string, screenIds: Iterable<string>) => {
      await timelines.refresh(orgId, screenIds);
    };
    // A zone a player newly reports changes its screen's timeline (unless pinned: then nothing shows differently).
    players.onZoneReported = refresh;
    const groups = new GroupService({ db: database.db, clock, refresh });
    const playlists = new PlaylistService({ db: database.db, media: catalog, clock, refresh });
    const layouts = new LayoutService({ db: database.db, clock, refresh });
    const screens = new ScreenService({
      db: database.db,
      documents,
      players,
      media: catalog,
      clock,
      config,
      timelines,
      groups,
      playlists,
      layouts,
    });
    const rules = { db: database.db, clock, groups, playlists, layouts, timelines };
    const overrides = new OverrideService({ ...rules, events: webhooks });
    players.onContentApplied = (orgId, screenId, from, to) =>
      overrides
        .screenApplied(orgId, screenId, from, to)
        .catch((error: unknown) => onBackgroundError(error, 'override.applied'));
    const events = options.events ?? webhooks;
    const healthMonitor = new HealthMonitor({
      db: database.db,
      dialect: database.dialect,
      clock,
      events,
      offlineAfterMs: config.offlineAfterSeconds * 1000,
      onError: onBackgroundError,
    });
    players.onHeartbeat = (playerId, at) =>
      healthMonitor
        .heartbeatReceived(playerId, at)
        .catch((error: unknown) => onBackgroundError(error, 'health of a heartbeat'));
    const alertRules = new AlertRuleService({
      db: database.db,
      clock,
      groups,
      unknownWebhooks: (orgId, ids) => webhooks.unknownIds(orgId, ids),
    });
    const alertMailer =
      config.smtpUrl === null
        ? null
        : new AlertMailer({
            transport: smtpTransport(config.smtpUrl),
            from: config.smtpFrom,
            onError: onBackgroundError,
          });
    const alerts = new AlertEngine({
      db: database.db,
      rules: alertRules,
      events,
      mailer: alertMailer,
      onError: onBackgroundError,
    });
    const nodeId = newId(clock());
    const stopHealthSweep = startHealthSweep(
      healthMonitor,
      (result) => alerts.evaluate(result),
      options.sweepTimers === undefined ? undefined : options.sweepTimers,
      (error) => onBackgroundError(error, 'health sweep'),
      () => sweepsOnThisNode(database.db, nodeId, clock()),
    );
    const plays = new PlayService(database.db, database.dialect, clock, config.playRetention);
    const stopPlayRetention = startPlayRetentionSweep(
      plays,
      options.playRetentionTimers === undefined ? undefined : options.playRetentionTimers,
      (error) => onBackgroundError(error, 'plays retention sweep'),
    );
    const audit = new AuditService(database.db, clock, config.auditRetentionDays);
    const stopAuditRetention = startAuditRetentionSweep(
      audit,
      options.auditRetentionTimers === undefined ? undefined : options.auditRetentionTimers,
      (error) => onBackgroundError(error, 'audit retention sweep'),
    );
    const stopSweep = startTimelineSweep(
      timelines,
      options.sweepTimers === undefined ? undefined : options.sweepTimers,
      (error) => onBackgroundError(error, 'timeline sweep'),
    );
    // Invitation and reset emails: their own transport (alerts' is closed with the alert mailer).
    const teamMail =
      config.smtpUrl === null
        ? null
        : new TeamMail({
            transport: smtpTransport(config.smtpUrl),
            from: config.smtpFrom,
            onError: onBackgroundError,
          });
    const members = new MemberService({ db: database.db, identity, clock });
    const media = new MediaService({
      db: database.db,
      catalog,
      screens,
      playlists,
      clock,
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
      maxBytes: options.mediaMaxBytes ?? DEFAULT_MEDIA_MAX_BYTES,
    });
    const team = { db: database.db, identity, clock, publicUrl: config.publicUrl, mail: teamMail };
    const services: AppServices = {
      config,
      nodeId,
      database,
      db: database.db,
      pubsub,
      rateLimitRedis,
      documents,
      keys,
      playerTokens,
      identity,
      players,
      operators: new OperatorService(database.db, identity, clock),
      screens,
      timelines,
      groups,
      playlists,
      schedules: new ScheduleService(rules),
      layouts,
      overrides,
      media,
      devices: new DeviceService(database.db, documents, clock),
      logs: new LogService(database.db, clock),
      diagnostics: new DiagnosticsService(database.db, screens),
      clock,
      rateLimits: { ...config.rateLimits, ...options.rateLimits },
      metrics: new Metrics(database.db, {
        redisConnected: config.redisUrl === null ? undefined : () => shared.status === 'ready',
      }),
      webhooks,
      webhookWorker,
      health: new HealthService(database.db, clock),
      healthMonitor,
      alertRules,
      alerts,
      alertMailer,
      plays,
      playReports: new PlayReportService(database.db, groups),
      apiKeys: new ApiKeyService({ db: database.db, clock }),
      audit,
      members,
      invitations: new InvitationService(team),
      passwords: new PasswordService({ ...team, members }),
      orgs: new OrgService({ db: database.db, identity, screens, media, clock }),
      ssoSettings: new SsoSettings({ db: database.db, clock, publicUrl: config.publicUrl }),
      ssoSignIn: new SsoSignIn({
        db: database.db,
        clock,
        publicUrl: config.publicUrl,
        startSession: (uid) => services.operators.signInVouched(uid),
      }),
      feeds: new FeedService({ db: database.db, clock, limits: config.feeds, log }),
    };
    if (options.webhookTimers !== null) webhookWorker.start();
    return {
      services,
      async close() {
        stopSweep();
        await webhookWorker.stop();
        stopHealthSweep();
        await alertMailer?.close();
        await teamMail?.close();
        stopPlayRetention();
        stopAuditRetention();
        await documents.drain();
        if (ownsPubSub) await shared.close();
        if (rateLimitRedis !== null) await closeRedisClient(rateLimitRedis);
        if (ownsDatabase) await database.close();
      },
    };
  } catch (error) {
    if (ownsPubSub) await pubsub?.close();
    if (rateLimitRedis !== null) await closeRedisClient(rateLimitRedis);
    if (ownsDatabase) await database.close();
    throw error;
  }
}
