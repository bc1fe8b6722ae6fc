// The content player's view of the runtime configuration the server injects (read by protocol's reader, which
// falls back to the page's own origin when the page was opened without it: vite preview, a test).

import { RUNTIME_CONFIG_GLOBAL, readRuntimeConfig } from '@marquee/protocol';

export interface ContentConfig {
  apiUrl: string;
  identityUrl: string;
  realtimeUrl: string;
  /** Where the studio lives, for the pairing page's QR code. */
  studioUrl: string;
  /** The play upload period when a test harness shortened it (docs/proof-of-play.md §Upload). */
  playUploadIntervalMs?: number;
}

export function contentConfigOf(injected: unknown, origin: string): ContentConfig {
  const { apiUrl, identityUrl, realtimeUrl, playUploadIntervalMs } = readRuntimeConfig(injected, origin);
  return {
    apiUrl,
    identityUrl,
    realtimeUrl,
    studioUrl: `${apiUrl}/studio`,
    ...(playUploadIntervalMs === undefined ? {} : { playUploadIntervalMs }),
  };
}

export function readContentConfig(): ContentConfig {
  const injected = (window as unknown as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL];
  return contentConfigOf(injected, window.location.origin);
}
