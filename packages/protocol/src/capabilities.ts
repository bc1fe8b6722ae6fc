// Platform capabilities (docs/player.md §Capabilities): a sidebar button appears only for a capability the
// platform has. Apart from the device-record schema so that a player or a wrapper can name them without zod.

export const CAPABILITY_NAMES = [
  'mute',
  'fullscreen',
  'reload',
  'reboot',
  'clear_cache',
  'unique_link',
  'daily_restart',
  'media_cache',
  'screenshot',
  'get_device_info',
] as const;
export type CapabilityName = (typeof CAPABILITY_NAMES)[number];

export function isCapabilityName(name: unknown): name is CapabilityName {
  return (CAPABILITY_NAMES as readonly unknown[]).includes(name);
}
