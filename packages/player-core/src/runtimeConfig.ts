// The runtime configuration the server injects into index.html as window.__MARQUEE_CONFIG__
// (docs/architecture.md §The pieces), read once with every field checked, so one build runs against any server.
// Missing fields fall back to the page's own origin, which is where the embedded server serves everything.

import {
  RUNTIME_CONFIG_GLOBAL,
  apiUrlForMode,
  readRuntimeConfig,
  type RuntimeConfig,
} from '@marquee/protocol';

export { RUNTIME_CONFIG_GLOBAL, readRuntimeConfig, type RuntimeConfig };

/** The API base URL the mode selects (docs/player.md §Overview: 'edge' → staging, anything else → production). */
export function apiBaseUrl(config: RuntimeConfig): string {
  return apiUrlForMode(config.mode, config);
}

/** The configuration the server injected into this page. */
export function pageRuntimeConfig(): RuntimeConfig {
  const global = globalThis as unknown as Record<string, unknown>;
  return readRuntimeConfig(global[RUNTIME_CONFIG_GLOBAL], globalThis.location.origin);
}
