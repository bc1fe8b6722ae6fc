// Configuration of the cloud service, read once from the environment at start (README.md, "Configuration", lists the
// variables). Every variable is validated here, so a bad value stops the start with a message that names it instead
// of failing later.

import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ENVIRONMENT, EXEMPT_ORG_COUNT } from '@marquee/protocol';
import { DEFAULT_POOL_SIZE } from './db/database';

export type Mode = 'production' | 'edge';

/** Requests per minute allowed by the HTTP rate limits (per IP, or per token for the player API). */
export interface RateLimits {
  /** POST /_internal/players, per IP. */
  registrationPerIp: number;
  /** Identity sign-in, sign-up and refresh, per IP. */
  signInPerIp: number;
  /** Every other player API call, per API token. */
  playerApiPerToken: number;
  /** Management calls made with an API key, per key (members' ID tokens are not counted). */
  apiKeyPerKey: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  registrationPerIp: 30,
  signInPerIp: 60,
  playerApiPerToken: 300,
  apiKeyPerKey: 600,
};

/** Largest rate limit accepted from the environment (requests per minute). */
export const MAX_RATE_LIMIT = 1_000_000;
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  /** TCP port to listen on; 0 picks a free one (tests). */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** Origin the service is reached at, without a trailing slash; used in printed URLs and token issuers. */
  publicUrl: string;
  /**
   * Whether MARQUEE_PUBLIC_URL was set. When it was not, pages and app/url follow the address each request came in
   * by (a LAN install reached as http://192.168.1.20:8080 as well as http://localhost:8080).
   */
  publicUrlFromEnv: boolean;
  /** Absolute path of the data folder (the SQLite file lives here). */
  dataDir: string;
  /** PostgreSQL connection string; null selects SQLite in dataDir. */
  databaseUrl: string | null;
  /** PostgreSQL connections each node opens for its work (one more for its lease); unused on SQLite. */
  databasePoolSize: number;
  /** Redis URL for scale-out (realtime pub/sub and shared rate limits); null selects the in-process pub/sub. */
  redisUrl: string | null;
  /**
   * Fastify's trustProxy: whether (true), or from which proxy addresses/CIDRs, X-Forwarded-For names the client.
   * Per-IP rate limits key on that client address behind a load balancer.
   */
  trustProxy: boolean | string[];
  /** HTTP rate limits (MARQUEE_RATE_LIMIT_*; defaults DEFAULT_RATE_LIMITS). */
  rateLimits: RateLimits;
  mode: Mode;
  /**
   * The API base URL players use in mode 'edge' (MARQUEE_STAGING_API_URL, no trailing slash); null: the production
   * API URL, i.e. this service's own (MARQUEE_PUBLIC_URL, else the address each request came in by).
   */
  stagingApiUrl: string | null;
  environment: string;
  /**
   * Organisation ids exempt from the duplicate checks, at most three (docs/protocols/player-api.md §Registration).
   */
  exemptOrgs: string[];
  monitoringToken: string | null;
  logLevel: LogLevel;
  /** A screen without a live connection or a heartbeat for this long is offline (docs/screen-health.md). */
  offlineAfterSeconds: number;
  /** smtp:// or smtps:// URL of the server alert emails go through; null: no emails. */
  smtpUrl: string | null;
  /** The From of alert emails. */
  smtpFrom: string;
  /** Days raw plays and hourly play rollups are kept (MARQUEE_PLAYS_RAW_DAYS, MARQUEE_PLAYS_ROLLUP_DAYS). */
  playRetention: { rawDays: number; rollupDays: number };
  /** Days audit log entries are kept (MARQUEE_AUDIT_RETENTION_DAYS, default a year). */
  auditRetentionDays: number;
  /** Fetching the feeds of feed apps (MARQUEE_FEED_*; docs/layouts.md §Feeds). */
  feeds: FeedSettings;
}

export interface FeedSettings {
  /** Longest fetch of a feed, redirects and body included. */
  timeoutMs: number;
  /** Largest feed document; a longer one is abandoned while it streams in. */
  maxBytes: number;
  /** Age past which a screen's request refreshes the cached copy. */
  refreshMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

function urlWithProtocols(protocols: string[], what: string) {
  return z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && url.hostname !== '';
      } catch {
        return false;
      }
    },
    // abort: later checks of the same value (its query string, say) assume it parses.
    { message: `must be ${what}`, abort: true },
  );
}

/** The base URL of a web service: http(s), no query string or fragment (a trailing slash is dropped later). */
function baseUrl(example: string) {
  return urlWithProtocols(['http:', 'https:'], `an http:// or https:// URL such as ${example}`).refine(
    (value) => {
      const url = new URL(value);
      return url.search === '' && url.hash === '';
    },
    'must not have a query string or fragment',
  );
}

/** An IPv4/IPv6 address, optionally with a /prefix (CIDR). */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function rateLimit() {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,7}$/, `must be a whole number of requests per minute between 1 and ${MAX_RATE_LIMIT}`)
      .transform(Number)
      .refine(
        (value) => value >= 1 && value <= MAX_RATE_LIMIT,
        `must be a whole number of requests per minute between 1 and ${MAX_RATE_LIMIT}`,
      )
      .optional(),
  );
}

/** Longest retention of plays accepted from the environment: ten years. */
export const MAX_RETENTION_DAYS = 3650;

function retentionDays(fallback: number) {
  const message = `must be a whole number of days between 1 and ${MAX_RETENTION_DAYS}`;
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,4}$/, message)
      .transform(Number)
      .refine((days) => days >= 1 && days <= MAX_RETENTION_DAYS, message)
      .default(fallback),
  );
}

/** A whole number between `min` and `max` (of `unit`), `fallback` when unset. */
function wholeNumber(min: number, max: number, unit: string, fallback: number) {
  const message = `must be a whole number of ${unit} between ${min} and ${max}`;
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,10}$/, message)
      .transform(Number)
      .refine((value) => value >= min && value <= max, message)
      .default(fallback),
  );
}

const schema = z.object({
  PORT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be an integer between 0 and 65535')
      .transform(Number)
      .refine((port) => port <= 65535, 'must be an integer between 0 and 65535')
      .default(8080),
  ),
  MARQUEE_HOST: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be a host name or IP address')
      .default('0.0.0.0'),
  ),
  MARQUEE_PUBLIC_URL: z.preprocess(blankToUndefined, baseUrl('https://signage.example.com').optional()),
  MARQUEE_DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    urlWithProtocols(
      ['postgres:', 'postgresql:'],
      'a PostgreSQL URL such as postgres://user:password@host:5432/marquee (leave unset for SQLite)',
    ).optional(),
  ),
  MARQUEE_DATABASE_POOL_SIZE: wholeNumber(5, 500, 'connections', DEFAULT_POOL_SIZE),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    urlWithProtocols(['redis:', 'rediss:'], 'a Redis URL such as redis://host:6379').optional(),
  ),
  MARQUEE_TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value): boolean | string[] => {
        const text = value.trim().toLowerCase();
        if (text === 'true') return true;
        if (text === 'false') return false;
        return value.split(',').map((entry) => entry.trim());
      })
      .refine((value) => typeof value === 'boolean' || value.every(isAddressOrCidr), {
        message:
          'must be "true", "false" or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
      })
      .default(false),
  ),
  MARQUEE_RATE_LIMIT_REGISTRATIONS: rateLimit(),
  MARQUEE_RATE_LIMIT_SIGN_INS: rateLimit(),
  MARQUEE_RATE_LIMIT_PLAYER_REQUESTS: rateLimit(),
  MARQUEE_RATE_LIMIT_API_KEY: rateLimit(),
  MARQUEE_MODE: z.preprocess(
    blankToUndefined,
    z.enum(['production', 'edge'], { message: 'must be "production" or "edge"' }).default('production'),
  ),
  MARQUEE_STAGING_API_URL: z.preprocess(
    blankToUndefined,
    baseUrl('https://staging.signage.example.com').optional(),
  ),
  MARQUEE_ENV: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be a name of letters, digits, ".", "_" or "-" (e.g. production)')
      .default(ENVIRONMENT),
  ),
  MARQUEE_EXEMPT_ORGS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((id) => id.trim()))
      .refine((ids) => ids.every((id) => ID_PATTERN.test(id)), {
        message: 'must be a comma-separated list of organisation ids (letters, digits, "_" or "-")',
      })
      .refine((ids) => ids.length <= EXEMPT_ORG_COUNT, {
        message: `must list at most ${EXEMPT_ORG_COUNT} organisation ids`,
      })
      .refine((ids) => new Set(ids).size === ids.length, { message: 'must not list an organisation twice' })
      .default([]),
  ),
  MARQUEE_MONITORING_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{1,512}$/, 'must be printable ASCII without spaces')
      .optional(),
  ),
  MARQUEE_LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  MARQUEE_OFFLINE_AFTER_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'must be a whole number of seconds between 30 and 3600' })
      .int({ message: 'must be a whole number of seconds between 30 and 3600' })
      .min(30, { message: 'must be a whole number of seconds between 30 and 3600' })
      .max(3600, { message: 'must be a whole number of seconds between 30 and 3600' })
      .default(90),
  ),
  MARQUEE_SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => /^smtps?:\/\/[^\s]+$/.test(value) && URL.canParse(value), {
        message: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
      })
      .optional(),
  ),
  MARQUEE_SMTP_FROM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[^\r\n]{3,320}$/, { message: 'must be an address, e.g. "Marquee <alerts@example.com>"' })
      .optional(),
  ),
  MARQUEE_PLAYS_RAW_DAYS: retentionDays(90),
  MARQUEE_PLAYS_ROLLUP_DAYS: retentionDays(730),
  MARQUEE_AUDIT_RETENTION_DAYS: retentionDays(365),
  MARQUEE_FEED_TIMEOUT_MS: wholeNumber(100, 120_000, 'milliseconds', 10_000),
  MARQUEE_FEED_MAX_BYTES: wholeNumber(1024, 100 * 1024 * 1024, 'bytes', 2 * 1024 * 1024),
  MARQUEE_FEED_REFRESH_MS: wholeNumber(1000, 24 * 60 * 60 * 1000, 'milliseconds', 5 * 60 * 1000),
});

/** A printable excerpt of a rejected value; secrets in URLs are masked. */
function shown(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  if (name === 'MARQUEE_MONITORING_TOKEN') return '';
  let text = value;
  try {
    const url = new URL(value);
    if (url.password !== '') {
      url.password = '***';
      text = url.toString();
    }
  } catch {
    // not a URL: shown as is
  }
  return ` (got ${JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text)})`;
}

/**
 * The configuration named by `env`. Relative data folders resolve against `cwd`. Throws a ConfigError listing
 * every bad variable, e.g. 'PORT must be an integer between 0 and 65535 (got "80a")'.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name} ${issue.message}${shown(name, env[name])}`;
    });
    throw new ConfigError(problems);
  }
  const values = result.data;
  const publicUrl = (values.MARQUEE_PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    port: values.PORT,
    host: values.MARQUEE_HOST,
    publicUrl,
    publicUrlFromEnv: values.MARQUEE_PUBLIC_URL !== undefined,
    dataDir: path.resolve(cwd, values.MARQUEE_DATA_DIR),
    databaseUrl: values.DATABASE_URL ?? null,
    databasePoolSize: values.MARQUEE_DATABASE_POOL_SIZE,
    redisUrl: values.REDIS_URL ?? null,
    trustProxy: values.MARQUEE_TRUST_PROXY,
    rateLimits: {
      registrationPerIp: values.MARQUEE_RATE_LIMIT_REGISTRATIONS ?? DEFAULT_RATE_LIMITS.registrationPerIp,
      signInPerIp: values.MARQUEE_RATE_LIMIT_SIGN_INS ?? DEFAULT_RATE_LIMITS.signInPerIp,
      playerApiPerToken: values.MARQUEE_RATE_LIMIT_PLAYER_REQUESTS ?? DEFAULT_RATE_LIMITS.playerApiPerToken,
      apiKeyPerKey: values.MARQUEE_RATE_LIMIT_API_KEY ?? DEFAULT_RATE_LIMITS.apiKeyPerKey,
    },
    mode: values.MARQUEE_MODE,
    stagingApiUrl: values.MARQUEE_STAGING_API_URL?.replace(/\/+$/, '') ?? null,
    environment: values.MARQUEE_ENV,
    exemptOrgs: values.MARQUEE_EXEMPT_ORGS,
    monitoringToken: values.MARQUEE_MONITORING_TOKEN ?? null,
    logLevel: values.MARQUEE_LOG_LEVEL,
    offlineAfterSeconds: values.MARQUEE_OFFLINE_AFTER_SECONDS,
    smtpUrl: values.MARQUEE_SMTP_URL ?? null,
    smtpFrom: values.MARQUEE_SMTP_FROM ?? `Marquee <marquee@${new URL(publicUrl).hostname}>`,
    playRetention: { rawDays: values.MARQUEE_PLAYS_RAW_DAYS, rollupDays: values.MARQUEE_PLAYS_ROLLUP_DAYS },
    auditRetentionDays: values.MARQUEE_AUDIT_RETENTION_DAYS,
    feeds: {
      timeoutMs: values.MARQUEE_FEED_TIMEOUT_MS,
      maxBytes: values.MARQUEE_FEED_MAX_BYTES,
      refreshMs: values.MARQUEE_FEED_REFRESH_MS,
    },
  };
}
