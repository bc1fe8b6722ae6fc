// The server injects window.__MARQUEE_CONFIG__ into index.html (apps/server/src/hosting/runtimeConfig.ts). A page
// opened without it (vite preview, a test) falls back to its own origin, which is where the server lives.

export interface ContentConfig {
  apiUrl: string;
  identityUrl: string;
  realtimeUrl: string;
  /** Where the studio lives, for the pairing page's QR code. */
  studioUrl: string;
}

interface InjectedConfig {
  apiUrl?: unknown;
  identityUrl?: unknown;
  realtimeUrl?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function contentConfigOf(injected: InjectedConfig | undefined, origin: string): ContentConfig {
  const apiUrl = text(injected?.apiUrl) ?? origin;
  return {
    apiUrl,
    identityUrl: text(injected?.identityUrl) ?? `${apiUrl}/identity/v1`,
    realtimeUrl: text(injected?.realtimeUrl) ?? `${apiUrl.replace(/^http/, 'ws')}/realtime`,
    studioUrl: `${apiUrl}/studio`,
  };
}

export function readContentConfig(): ContentConfig {
  const injected = (window as { __MARQUEE_CONFIG__?: InjectedConfig }).__MARQUEE_CONFIG__;
  return contentConfigOf(injected, window.location.origin);
}
