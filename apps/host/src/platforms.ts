// The platforms the reference wrapper imitates and what each can do (SPEC.md §6). A device maker's wrapper reports
// the same through getMetadata; `?caps=mute,reboot` overrides the set (an empty `?caps=` means none).

export const WRAPPER_CAPABILITIES = [
  'mute',
  'reboot',
  'clear_cache',
  'unique_link',
  'daily_restart',
  'media_cache',
  'screenshot',
  'get_device_info',
] as const;
export type WrapperCapability = (typeof WRAPPER_CAPABILITIES)[number];

export const PLATFORM_CAPABILITIES: Readonly<Record<string, readonly WrapperCapability[]>> = {
  chromeos: WRAPPER_CAPABILITIES,
  android: ['mute', 'reboot', 'clear_cache', 'daily_restart', 'screenshot', 'get_device_info'],
  tizen: ['reboot', 'daily_restart', 'get_device_info'],
  webos: ['reboot', 'daily_restart', 'get_device_info'],
  windows: ['clear_cache', 'unique_link', 'get_device_info'],
  // Meeting-room hosts embed the meeting player (/meet/).
  meet: ['reboot', 'get_device_info'],
  zoom: ['reboot', 'get_device_info'],
  mtr: ['reboot', 'get_device_info'],
};

/** Which player a wrapper embeds: the general one at /, or the meeting-room one at /meet/. */
export type HostedPlayer = 'player' | 'meet';
const MEETING_PLATFORMS = ['meet', 'zoom', 'mtr'];

export const PLATFORM_MODELS: Readonly<Record<string, string>> = {
  chromeos: 'Chromebox Signage',
  android: 'Android Signage Stick',
  tizen: 'Tizen Display',
  webos: 'webOS Signage',
  windows: 'Windows Kiosk',
  meet: 'Google Meet Hardware',
  zoom: 'Zoom Rooms Appliance',
  mtr: 'Microsoft Teams Room',
};

export interface WrapperSetup {
  platform: string;
  model: string;
  capabilities: Record<WrapperCapability, boolean>;
  hardwareId: string | null;
  /** `app=meet` or `app=player`; by default the meeting player on meet, zoom and mtr, else the general one. */
  app: HostedPlayer;
}

export function wrapperSetup(search: string): WrapperSetup {
  const query = new URLSearchParams(search);
  const platform = (query.get('platform') ?? 'chromeos').toLowerCase();
  const caps = query.get('caps');
  const enabled: readonly string[] =
    caps === null ? (PLATFORM_CAPABILITIES[platform] ?? []) : caps.split(',').map((cap) => cap.trim());
  const capabilities = Object.fromEntries(
    WRAPPER_CAPABILITIES.map((name) => [name, enabled.includes(name)]),
  ) as Record<WrapperCapability, boolean>;
  const hardwareId = query.get('hardwareId');
  return {
    platform,
    model: PLATFORM_MODELS[platform] ?? `${platform} device`,
    capabilities,
    hardwareId: hardwareId === null || hardwareId === '' ? null : hardwareId,
    app: appOf(query.get('app'), platform),
  };
}

function appOf(named: string | null, platform: string): HostedPlayer {
  if (named === 'meet' || named === 'player') return named;
  return MEETING_PLATFORMS.includes(platform) ? 'meet' : 'player';
}

/** The framed player's address: its path and the wrapper's query without the wrapper's own options. */
export function hostedPlayerUrl(setup: WrapperSetup, search: string): string {
  const query = new URLSearchParams(search);
  query.set('platform', setup.platform);
  query.delete('caps');
  query.delete('hardwareId');
  query.delete('app');
  return `${setup.app === 'meet' ? '/meet/' : '/'}?${query.toString()}`;
}
