// The runtime configuration the server injects (apps/server/src/hosting/runtimeConfig.ts); without it (tests,
// vite preview) the page's own origin is the server.

export interface StudioConfig {
  apiUrl: string;
  identityUrl: string;
  realtimeUrl: string;
  /** Where screens open the player, for the newcomer's instructions. */
  playerUrl: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function studioConfigOf(injected: Record<string, unknown> | undefined, origin: string): StudioConfig {
  const apiUrl = text(injected?.apiUrl) ?? origin;
  return {
    apiUrl,
    identityUrl: text(injected?.identityUrl) ?? `${apiUrl}/identity/v1`,
    realtimeUrl: text(injected?.realtimeUrl) ?? `${apiUrl.replace(/^http/, 'ws')}/realtime`,
    playerUrl: `${apiUrl}/`,
  };
}

export function readStudioConfig(): StudioConfig {
  const injected = (window as { __MARQUEE_CONFIG__?: Record<string, unknown> }).__MARQUEE_CONFIG__;
  return studioConfigOf(injected, window.location.origin);
}
