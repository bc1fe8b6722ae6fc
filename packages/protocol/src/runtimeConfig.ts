// The runtime configuration the server injects into every app's index.html (docs/architecture.md §The pieces) as
// `window.__MARQUEE_CONFIG__`, so one build runs against any server. The server writes it, the apps read it: one
// shape and one reader for all. A page opened without it (vite preview, a test) falls back to its own origin,
// which is where the embedded server serves everything.

import { APP_VERSION, ENVIRONMENT } from './constants';

/** The global the configuration is assigned to. */
export const RUNTIME_CONFIG_GLOBAL = '__MARQUEE_CONFIG__';

export interface RuntimeConfig {
  /** Base URL of the cloud API (player API, management API, logs). */
  apiUrl: string;
  /** The API URLs the player's mode chooses between (docs/decisions.md, "Mode"). */
  productionApiUrl: string;
  stagingApiUrl: string;
  /** The pairing URL of docs/player.md §Overview: the content player's pairing page. */
  pairingUrl: string;
  /** The content player (what app/url points to once paired). */
  contentUrl: string;
  /** WebSocket URL of the realtime database. */
  realtimeUrl: string;
  /** Base URL of the identity service. */
  identityUrl: string;
  mode: string;
  environment: string;
  version: string;
  /** The monitoring client token, only when one is configured. */
  monitoringToken?: string;
  /** Organisations exempt from the duplicate-screen and duplicate-tab checks. */
  exemptOrgs: string[];
  /**
   * Periods a test harness may shorten (the server never sets them; the defaults hold without them): the player's
   * content watchdog (30 s) and the content player's play upload (60 s).
   */
  frameWatchdogMs?: number;
  playUploadIntervalMs?: number;
}

/** Shortest and longest period accepted for the timings above. */
const PERIOD_MIN_MS = 100;
const PERIOD_MAX_MS = 24 * 60 * 60 * 1000;
const period = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= PERIOD_MIN_MS && value <= PERIOD_MAX_MS
    ? value
    : undefined;

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value.replace(/\/+$/, '') : fallback;

/** The configuration in `source` (untrusted), completed from the page's `origin` where a field is missing. */
export function readRuntimeConfig(source: unknown, origin: string): RuntimeConfig {
  const raw = (source !== null && typeof source === 'object' ? source : {}) as Record<string, unknown>;
  const apiUrl = text(raw.apiUrl, origin);
  const config: RuntimeConfig = {
    apiUrl,
    productionApiUrl: text(raw.productionApiUrl, apiUrl),
    stagingApiUrl: text(raw.stagingApiUrl, apiUrl),
    pairingUrl: text(raw.pairingUrl, `${origin}/content/pair`),
    contentUrl:
      typeof raw.contentUrl === 'string' && raw.contentUrl !== '' ? raw.contentUrl : `${origin}/content/`,
    realtimeUrl: text(raw.realtimeUrl, `${origin.replace(/^http/, 'ws')}/realtime`),
    identityUrl: text(raw.identityUrl, `${origin}/identity/v1`),
    mode: text(raw.mode, 'production'),
    environment: text(raw.environment, ENVIRONMENT),
    version: text(raw.version, APP_VERSION),
    exemptOrgs: Array.isArray(raw.exemptOrgs)
      ? raw.exemptOrgs.filter((id): id is string => typeof id === 'string')
      : [],
  };
  if (typeof raw.monitoringToken === 'string' && raw.monitoringToken !== '') {
    config.monitoringToken = raw.monitoringToken;
  }
  for (const key of ['frameWatchdogMs', 'playUploadIntervalMs'] as const) {
    const value = period(raw[key]);
    if (value !== undefined) config[key] = value;
  }
  return config;
}
