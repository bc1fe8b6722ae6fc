// The runtime configuration the server injects into index.html as window.__MARQUEE_CONFIG__ (DESIGN.md §1), read
// once with every field checked, so one build runs against any server. Missing fields fall back to the page's
// own origin, which is where the embedded server serves everything.

import { APP_VERSION, ENVIRONMENT, apiUrlForMode } from '@marquee/protocol';

export const RUNTIME_CONFIG_GLOBAL = '__MARQUEE_CONFIG__';

export interface RuntimeConfig {
  apiUrl: string;
  productionApiUrl: string;
  stagingApiUrl: string;
  pairingUrl: string;
  contentUrl: string;
  realtimeUrl: string;
  identityUrl: string;
  mode: string;
  environment: string;
  version: string;
  monitoringToken?: string;
  exemptOrgs: string[];
}

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value.replace(/\/+$/, '') : fallback;

/** The configuration of `source` (default: the global), completed from `origin` where a field is missing. */
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
  return config;
}

/** The API base URL the mode selects (SPEC.md §1: 'edge' → staging, anything else → production). */
export function apiBaseUrl(config: RuntimeConfig): string {
  return apiUrlForMode(config.mode, config);
}

/** The configuration the server injected into this page. */
export function pageRuntimeConfig(): RuntimeConfig {
  const global = globalThis as unknown as Record<string, unknown>;
  return readRuntimeConfig(global[RUNTIME_CONFIG_GLOBAL], globalThis.location.origin);
}
