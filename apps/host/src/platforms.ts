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
};

export const PLATFORM_MODELS: Readonly<Record<string, string>> = {
  chromeos: 'Chromebox Signage',
  android: 'Android Signage Stick',
  tizen: 'Tizen Display',
  webos: 'webOS Signage',
  windows: 'Windows Kiosk',
};

export interface WrapperSetup {
  platform: string;
  model: string;
  capabilities: Record<WrapperCapability, boolean>;
  hardwareId: string | null;
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
  };
}
