import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/marquee');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    expect(loadConfig({}, '/srv/marquee')).toEqual({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      publicUrlFromEnv: false,
      dataDir: path.resolve('/srv/marquee', 'data'),
      databaseUrl: null,
      databasePoolSize: 20,
      redisUrl: null,
      trustProxy: false,
      rateLimits: DEFAULT_RATE_LIMITS,
      mode: 'production',
      stagingApiUrl: null,
      environment: 'production',
      exemptOrgs: [],
      monitoringToken: null,
      logLevel: 'info',
      offlineAfterSeconds: 90,
      smtpUrl: null,
      smtpFrom: 'Marquee <marquee@localhost>',
      playRetention: { rawDays: 90, rollupDays: 730 },
      auditRetentionDays: 365,
      feeds: { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, refreshMs: 5 * 60_000 },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        MARQUEE_HOST: '127.0.0.1',
        MARQUEE_PUBLIC_URL: 'https://signage.example.com/',
        MARQUEE_DATA_DIR: '/var/lib/marquee',
        DATABASE_URL: 'postgres://marquee:pw@db:5432/marquee',
        REDIS_URL: 'redis://cache:6379',
        MARQUEE_TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8',
        MARQUEE_RATE_LIMIT_REGISTRATIONS: '1000',
        MARQUEE_RATE_LIMIT_SIGN_INS: '2000',
        MARQUEE_RATE_LIMIT_PLAYER_REQUESTS: '3000',
        MARQUEE_RATE_LIMIT_API_KEY: '4000',
        MARQUEE_MODE: 'edge',
        MARQUEE_STAGING_API_URL: 'https://staging.example.com/',
        MARQUEE_ENV: 'staging',
        MARQUEE_EXEMPT_ORGS: 'org-a, org_b,orgC',
        MARQUEE_MONITORING_TOKEN: 'pub123',
        MARQUEE_LOG_LEVEL: 'warn',
        MARQUEE_OFFLINE_AFTER_SECONDS: '120',
        MARQUEE_DATABASE_POOL_SIZE: '40',
        MARQUEE_SMTP_URL: 'smtp://alerts:secret@mail.example.com:587',
        MARQUEE_SMTP_FROM: 'Signage <signage@example.com>',
        MARQUEE_PLAYS_RAW_DAYS: '30',
        MARQUEE_PLAYS_ROLLUP_DAYS: '365',
        MARQUEE_AUDIT_RETENTION_DAYS: '90',
        MARQUEE_FEED_TIMEOUT_MS: '500',
        MARQUEE_FEED_MAX_BYTES: '65536',
        MARQUEE_FEED_REFRESH_MS: '60000',
      },
      '/srv/marquee',
    );
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      publicUrl: 'https://signage.example.com',
      publicUrlFromEnv: true,
      dataDir: '/var/lib/marquee',
      databaseUrl: 'postgres://marquee:pw@db:5432/marquee',
      databasePoolSize: 40,
      redisUrl: 'redis://cache:6379',
      trustProxy: ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8'],
      rateLimits: { registrationPerIp: 1000, signInPerIp: 2000, playerApiPerToken: 3000, apiKeyPerKey: 4000 },
      mode: 'edge',
      stagingApiUrl: 'https://staging.example.com',
      environment: 'staging',
      exemptOrgs: ['org-a', 'org_b', 'orgC'],
      monitoringToken: 'pub123',
      logLevel: 'warn',
      offlineAfterSeconds: 120,
      smtpUrl: 'smtp://alerts:secret@mail.example.com:587',
      smtpFrom: 'Signage <signage@example.com>',
      playRetention: { rawDays: 30, rollupDays: 365 },
      auditRetentionDays: 90,
      feeds: { timeoutMs: 500, maxBytes: 65536, refreshMs: 60_000 },
    });
  });

  it('refuses a play retention that is not a whole number of days from 1 to 3650, naming the variable', () => {
    for (const value of ['0', '3651', '7.5', 'ninety']) {
      expect(() => loadConfig({ MARQUEE_PLAYS_RAW_DAYS: value }, '/x')).toThrow(
        /MARQUEE_PLAYS_RAW_DAYS must be a whole number of days between 1 and 3650/,
      );
    }
    expect(() => loadConfig({ MARQUEE_PLAYS_ROLLUP_DAYS: '-1' }, '/x')).toThrow(/MARQUEE_PLAYS_ROLLUP_DAYS/);
  });

  it('refuses a database pool of fewer than 5 or more than 500 connections, naming the variable', () => {
    for (const value of ['4', '501', '12.5', 'many']) {
      expect(() => loadConfig({ MARQUEE_DATABASE_POOL_SIZE: value }, '/x')).toThrow(
        /MARQUEE_DATABASE_POOL_SIZE must be a whole number of connections between 5 and 500/,
      );
    }
    expect(loadConfig({ MARQUEE_DATABASE_POOL_SIZE: '5' }, '/x').databasePoolSize).toBe(5);
  });

  it('refuses an audit retention that is not a whole number of days from 1 to 3650, naming the variable', () => {
    for (const value of ['0', '3651', '1.5', 'a year']) {
      expect(() => loadConfig({ MARQUEE_AUDIT_RETENTION_DAYS: value }, '/x')).toThrow(
        /MARQUEE_AUDIT_RETENTION_DAYS must be a whole number of days between 1 and 3650/,
      );
    }
  });

  it('derives the public URL from the port and treats blank values as unset', () => {
    const config = loadConfig({ PORT: '0', DATABASE_URL: '  ', MARQUEE_EXEMPT_ORGS: '' }, '/x');
    expect(config.port).toBe(0);
    expect(config.publicUrl).toBe('http://localhost:0');
    expect(config.databaseUrl).toBeNull();
    expect(config.exemptOrgs).toEqual([]);
  });

  it('reads MARQUEE_TRUST_PROXY as true, false or a list, and each rate limit alone', () => {
    expect(loadConfig({ MARQUEE_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ MARQUEE_TRUST_PROXY: 'FALSE' }).trustProxy).toBe(false);
    expect(loadConfig({ MARQUEE_TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ MARQUEE_RATE_LIMIT_SIGN_INS: '1' }).rateLimits).toEqual({
      ...DEFAULT_RATE_LIMITS,
      signInPerIp: 1,
    });
  });

  it('refuses an offline threshold out of range and an SMTP URL of another scheme, masking its password', () => {
    expect(problemsOf({ MARQUEE_OFFLINE_AFTER_SECONDS: '10' })).toEqual([
      'MARQUEE_OFFLINE_AFTER_SECONDS must be a whole number of seconds between 30 and 3600 (got "10")',
    ]);
    expect(problemsOf({ MARQUEE_SMTP_URL: 'http://u:hunter2@mail.example.com' })).toEqual([
      'MARQUEE_SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587 (got "http://u:***@mail.example.com/")',
    ]);
  });

  it('accepts the port boundaries 0 and 65535', () => {
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each([
    [{ PORT: '65536' }, 'PORT must be an integer between 0 and 65535 (got "65536")'],
    [{ PORT: '80a' }, 'PORT must be an integer between 0 and 65535 (got "80a")'],
    [{ PORT: '-1' }, 'PORT must be an integer between 0 and 65535 (got "-1")'],
    [{ MARQUEE_MODE: 'staging' }, 'MARQUEE_MODE must be "production" or "edge" (got "staging")'],
    [
      { MARQUEE_PUBLIC_URL: 'ftp://example.com' },
      'MARQUEE_PUBLIC_URL must be an http:// or https:// URL such as https://signage.example.com (got "ftp://example.com")',
    ],
    [
      { MARQUEE_PUBLIC_URL: 'signage.example.com' },
      'MARQUEE_PUBLIC_URL must be an http:// or https:// URL such as https://signage.example.com (got "signage.example.com")',
    ],
    [
      { MARQUEE_PUBLIC_URL: 'https://example.com/?a=1' },
      'MARQUEE_PUBLIC_URL must not have a query string or fragment (got "https://example.com/?a=1")',
    ],
    [
      { MARQUEE_STAGING_API_URL: 'staging.example.com' },
      'MARQUEE_STAGING_API_URL must be an http:// or https:// URL such as https://staging.signage.example.com (got "staging.example.com")',
    ],
    [
      { MARQUEE_STAGING_API_URL: 'wss://staging.example.com' },
      'MARQUEE_STAGING_API_URL must be an http:// or https:// URL such as https://staging.signage.example.com (got "wss://staging.example.com")',
    ],
    [
      { MARQUEE_STAGING_API_URL: 'https://staging.example.com/#x' },
      'MARQUEE_STAGING_API_URL must not have a query string or fragment (got "https://staging.example.com/#x")',
    ],
    [
      { DATABASE_URL: 'mysql://u:secret@h/db' },
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/marquee (leave unset for SQLite) (got "mysql://u:***@h/db")',
    ],
    [
      { REDIS_URL: 'localhost:6379' },
      'REDIS_URL must be a Redis URL such as redis://host:6379 (got "localhost:6379")',
    ],
    [
      { MARQUEE_TRUST_PROXY: 'yes' },
      'MARQUEE_TRUST_PROXY must be "true", "false" or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1) (got "yes")',
    ],
    [
      { MARQUEE_TRUST_PROXY: '10.0.0.0/33' },
      'MARQUEE_TRUST_PROXY must be "true", "false" or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1) (got "10.0.0.0/33")',
    ],
    [
      { MARQUEE_TRUST_PROXY: '10.0.0.1,,10.0.0.2' },
      'MARQUEE_TRUST_PROXY must be "true", "false" or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1) (got "10.0.0.1,,10.0.0.2")',
    ],
    [
      { MARQUEE_TRUST_PROXY: 'proxy.local' },
      'MARQUEE_TRUST_PROXY must be "true", "false" or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1) (got "proxy.local")',
    ],
    [
      { MARQUEE_RATE_LIMIT_REGISTRATIONS: '0' },
      'MARQUEE_RATE_LIMIT_REGISTRATIONS must be a whole number of requests per minute between 1 and 1000000 (got "0")',
    ],
    [
      { MARQUEE_RATE_LIMIT_SIGN_INS: '2.5' },
      'MARQUEE_RATE_LIMIT_SIGN_INS must be a whole number of requests per minute between 1 and 1000000 (got "2.5")',
    ],
    [
      { MARQUEE_RATE_LIMIT_PLAYER_REQUESTS: '1000001' },
      'MARQUEE_RATE_LIMIT_PLAYER_REQUESTS must be a whole number of requests per minute between 1 and 1000000 (got "1000001")',
    ],
    [
      { MARQUEE_RATE_LIMIT_PLAYER_REQUESTS: '-5' },
      'MARQUEE_RATE_LIMIT_PLAYER_REQUESTS must be a whole number of requests per minute between 1 and 1000000 (got "-5")',
    ],
    [
      { MARQUEE_EXEMPT_ORGS: 'a,,b' },
      'MARQUEE_EXEMPT_ORGS must be a comma-separated list of organisation ids (letters, digits, "_" or "-") (got "a,,b")',
    ],
    [
      { MARQUEE_EXEMPT_ORGS: 'a,b,c,d' },
      'MARQUEE_EXEMPT_ORGS must list at most 3 organisation ids (got "a,b,c,d")',
    ],
    [{ MARQUEE_EXEMPT_ORGS: 'a,a' }, 'MARQUEE_EXEMPT_ORGS must not list an organisation twice (got "a,a")'],
    [
      { MARQUEE_MONITORING_TOKEN: 'has space' },
      'MARQUEE_MONITORING_TOKEN must be printable ASCII without spaces',
    ],
    [
      { MARQUEE_ENV: 'prod env' },
      'MARQUEE_ENV must be a name of letters, digits, ".", "_" or "-" (e.g. production) (got "prod env")',
    ],
    [
      { MARQUEE_LOG_LEVEL: 'verbose' },
      'MARQUEE_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ],
    [
      { MARQUEE_FEED_TIMEOUT_MS: '10s' },
      'MARQUEE_FEED_TIMEOUT_MS must be a whole number of milliseconds between 100 and 120000 (got "10s")',
    ],
    [
      { MARQUEE_FEED_MAX_BYTES: '10' },
      'MARQUEE_FEED_MAX_BYTES must be a whole number of bytes between 1024 and 104857600 (got "10")',
    ],
  ])('rejects %j naming the variable', (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it('lists every bad variable at once in the error message', () => {
    expect(() => loadConfig({ PORT: 'x', MARQUEE_MODE: 'y' })).toThrow(
      'Invalid configuration:\n  - PORT must be an integer between 0 and 65535 (got "x")\n' +
        '  - MARQUEE_MODE must be "production" or "edge" (got "y")',
    );
  });
});
