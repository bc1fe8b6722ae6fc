// Which platform the player runs on, and what it can do there (docs/player.md §Capabilities). A wrapper names its
// platform in the player's URL (`/?platform=chromeos`, as apps/host does) and reports capabilities through
// getMetadata; a plain browser can go full screen, reload, clear its caches and take screenshots through the frame.

import { isCapabilityName, type CapabilityName } from '@marquee/protocol';

export const BROWSER_PLATFORM = 'browser';
export const BROWSER_MODEL = 'Web Browser';

export type Capabilities = Partial<Record<CapabilityName, boolean>>;

export const BROWSER_CAPABILITIES: Capabilities = {
  fullscreen: true,
  reload: true,
  clear_cache: true,
  screenshot: true,
  get_device_info: true,
};

/** The platform named by the wrapper in the player's URL; a plain browser names none. */
export function platformOf(search: string): string {
  const platform = new URLSearchParams(search).getAll('platform');
  return platform.length === 1 && /^[a-z0-9_-]{1,32}$/i.test(platform[0] ?? '')
    ? (platform[0] ?? '').toLowerCase()
    : BROWSER_PLATFORM;
}

/** The browser's capabilities, with what the parent's metadata reports on top (true or false per name). */
export function mergeCapabilities(metadata: unknown): Capabilities {
  const reported = (metadata as { capabilities?: unknown } | null)?.capabilities;
  const result: Capabilities = { ...BROWSER_CAPABILITIES };
  if (reported !== null && typeof reported === 'object') {
    for (const [name, value] of Object.entries(reported as Record<string, unknown>)) {
      if (isCapabilityName(name) && typeof value === 'boolean') result[name] = value;
    }
  }
  return result;
}

/**
 * Clear cache needs the clear_cache capability and the URL rule of docs/player.md §Sidebar: only for the content
 * player (studio-player), localhost or http URLs.
 */
export function canClearCache(capabilities: Capabilities, frameUrl: string, contentUrl: string): boolean {
  if (capabilities.clear_cache !== true) return false;
  try {
    const url = new URL(frameUrl);
    const content = new URL(contentUrl);
    const studioPlayer = url.origin === content.origin && url.pathname.startsWith(content.pathname);
    return studioPlayer || url.hostname === 'localhost' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
