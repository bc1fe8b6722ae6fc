// The shared services of one server node, created once by buildApp and reachable from every plugin as
// `app.services` (typed below). Plugins take what they need from here instead of opening their own.

import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrations';
import { IdentityService } from './identity/identityService';
import { PlayerTokens } from './identity/playerTokens';
import { SigningKeys } from './identity/signingKeys';
import { Metrics } from './observability/metrics';
import { PlayerService, secureRandom } from './players/playerService';
import { DocumentStore } from './realtime/documentStore';
import { InProcessPubSub, type PubSub } from './realtime/pubsub';

/** Requests per minute allowed by the rate limits (per IP, or per token for the player API). */
export interface RateLimits {
  /** POST /_internal/players, per IP. */
  registrationPerIp: number;
  /** Identity sign-in, sign-up and refresh, per IP. */
  signInPerIp: number;
  /** Every other player API call, per API token. */
  playerApiPerToken: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  registrationPerIp: 30,
  signInPerIp: 60,
  playerApiPerToken: 300,
};

export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  /** The Kysely instance of `database`. */
  db: DatabaseHandle['db'];
  pubsub: PubSub;
  documents: DocumentStore;
  /** Token signing and verification by kid (keys in the database). */
  keys: SigningKeys;
  /** API tokens and custom tokens of players. */
  playerTokens: PlayerTokens;
  /** Accounts, sign-in, ID tokens: identity.verifyIdToken authenticates operators and players. */
  identity: IdentityService;
  /** Players: registration, authentication by API token, credentials, pairing codes, action flags. */
  players: PlayerService;
  /** Milliseconds since the epoch; injected in tests. */
  clock: () => number;
  rateLimits: RateLimits;
  /** Prometheus metrics of this instance (served at /metrics). */
  metrics: Metrics;
}

export interface ServiceOptions {
  /** An open database; when absent one is opened from the configuration (and closed with the app). */
  database?: DatabaseHandle;
  /** Run pending migrations on the database (default true; main.ts has already run them). */
  migrate?: boolean;
  pubsub?: PubSub;
  clock?: () => number;
  /** Like Math.random (default: the operating system's random source); pairing codes are drawn from it. */
  random?: () => number;
  rateLimits?: Partial<RateLimits>;
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
): Promise<CreatedServices> {
  const ownsDatabase = options.database === undefined;
  const database =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (error) => onBackgroundError(error, 'database pool'),
    });
  const ownsPubSub = options.pubsub === undefined;
  try {
    if (options.migrate ?? true) await migrateToLatest(database.db, database.dialect);
    const clock = options.clock ?? Date.now;
    const pubsub =
      options.pubsub ??
      new InProcessPubSub((error, topic) => onBackgroundError(error, `subscriber of ${topic}`));
    const documents = new DocumentStore({ database, pubsub, clock });
    const keys = new SigningKeys(database.db, clock);
    await keys.ensureKey();
    const playerTokens = new PlayerTokens(keys, clock);
    const identity = new IdentityService({ db: database.db, keys, playerTokens, clock });
    const players = new PlayerService({
      db: database.db,
      documents,
      playerTokens,
      identity,
      clock,
      random: options.random ?? secureRandom,
      exemptOrgs: config.exemptOrgs,
    });
    const services: AppServices = {
      config,
      database,
      db: database.db,
      pubsub,
      documents,
      keys,
      playerTokens,
      identity,
      players,
      clock,
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
      metrics: new Metrics(database.db),
    };
    return {
      services,
      async close() {
        await documents.drain();
        if (ownsPubSub) await pubsub.close();
        if (ownsDatabase) await database.close();
      },
    };
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
}
