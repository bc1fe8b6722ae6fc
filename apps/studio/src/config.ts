// The studio's view of the runtime configuration the server injects (read by protocol's reader, which falls back
// to the page's own origin when the page was opened without it: vite preview, a test).

import { RUNTIME_CONFIG_GLOBAL, readRuntimeConfig } from '@marquee/protocol';

export interface StudioConfig {
  apiUrl: string;
  identityUrl: string;
  realtimeUrl: string;
  /** Where screens open the player, for the newcomer's instructions. */
  playerUrl: string;
}

export function studioConfigOf(injected: unknown, origin: string): StudioConfig {
  const { apiUrl, identityUrl, realtimeUrl } = readRuntimeConfig(injected, origin);
  return { apiUrl, identityUrl, realtimeUrl, playerUrl: `${apiUrl}/` };
}

export function readStudioConfig(): StudioConfig {
  const injected = (window as unknown as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL];
  return studioConfigOf(injected, window.location.origin);
}
