// Which platform the player runs on, and what it can do there (SPEC.md §6). A wrapper names its platform in the
// player's URL (`/?platform=chromeos`, as apps/host does) and reports capabilities through getMetadata; a plain
// browser can go full screen, reload, clear its caches and take screenshots through the frame.

import type { CapabilityName } from '@marquee/protocol';

export const BROWSER_PLATFORM = 'browser';
export const BROWSER_MODEL = 'Web Browser';

export type Capabilities = Partial<Record<CapabilityName, boolean>>;

export const BROWSER_CAPABILITIES: Capabilities = {
  fullscreen: true,
  reload: true,
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

// A capability name as the parent reports it (protocol's CAPABILITY_NAMES lives beside the device-record schema,
// which a player bundle must not carry; the sidebar only ever asks for the names it knows).
const CAPABILITY_KEY = /^[a-z_]{1,32}$/;

/** The browser's capabilities, with what the parent's metadata reports on top (true or false per name). */
export function mergeCapabilities(metadata: unknown): Capabilities {
  const reported = (metadata as { capabilities?: unknown } | null)?.capabilities;
  const result: Capabilities = { ...BROWSER_CAPABILITIES };
  if (reported !== null && typeof reported === 'object') {
    for (const [name, value] of Object.entries(reported as Record<string, unknown>)) {
      if (CAPABILITY_KEY.test(name) && typeof value === 'boolean') result[name as CapabilityName] = value;
    }
  }
  return result;
}
