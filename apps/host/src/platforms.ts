// The platforms the reference wrapper imitates and what each can do (docs/player.md §Capabilities). A device
// maker's wrapper reports the same through getMetadata; `?caps=mute,reboot` overrides the set (an empty `?caps=`
// means none). The capability names are protocol's: the wrapper reports every one of them, true or false.

import { CAPABILITY_NAMES, type CapabilityName } from '@marquee/protocol';

/** What every imitated device can do: it shows the player full screen and can reload it. */
const KIOSK: readonly CapabilityName[] = ['fullscreen', 'reload', 'get_device_info'];

const PLATFORM_CAPABILITIES: Readonly<Record<string, readonly CapabilityName[]>> = {
  chromeos: CAPABILITY_NAMES,
  android: [...KIOSK, 'mute', 'reboot', 'clear_cache', 'daily_restart', 'screenshot'],
  tizen: [...KIOSK, 'reboot', 'daily_restart'],
  webos: [...KIOSK, 'reboot', 'daily_restart'],
  windows: [...KIOSK, 'clear_cache', 'unique_link'],
  // Meeting-room hosts embed the meeting player (/meet/).
  meet: [...KIOSK, 'reboot'],
  zoom: [...KIOSK, 'reboot'],
  mtr: [...KIOSK, 'reboot'],
};

/** Which player a wrapper embeds: the general one at /, or the meeting-room one at /meet/. */
export type HostedPlayer = 'player' | 'meet';
const MEETING_PLATFORMS = ['meet', 'zoom', 'mtr'];

const PLATFORM_MODELS: Readonly<Record<string, string>> = {
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
  capabilities: Record<CapabilityName, boolean>;
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
    CAPABILITY_NAMES.map((name) => [name, enabled.includes(name)]),
  ) as Record<CapabilityName, boolean>;
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
