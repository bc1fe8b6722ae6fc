// The device (player) record of docs/player.md §Device record, sent to the logging service (POST /logs/device) on
// load and every 12 hours, except when there is no source URL or the source is the pairing app. org_id and screen_id
// are read from the API token. Only zod-free protocol modules are used here: a player bundle carries no schemas.

import {
  CONTENT_PLAYER_NAME,
  DEVICE_INFO_LOG_INTERVAL_MS,
  decodeApiToken,
  isOrientation,
  slotToHour,
  type CapabilityName,
  type UpdateChannel,
} from '@marquee/protocol';
import type { StoredSettings } from './storage';
import { defaultTimers, type Timers } from './timers';

export const DEVICE_LOG_PATH = '/logs/device';
const WEB_PLAYER_CLIENT_NAME = 'marquee-player';

/** Hardware facts a native parent reports (getDeviceInfo); all optional. */
export interface DeviceHardware {
  display?: { scaleFactor: number } | null;
  hardware_id?: string | null;
  os?: string | null;
  memory?: { available: number | null; total: number | null } | null;
  storage?: { available: number | null; total: number | null } | null;
  temperatures?: Record<string, number> | null;
  ip?: string | null;
  ip_public?: string | null;
  hostname?: string | null;
}

export interface DeviceRecordInput {
  playerId: string;
  deviceId: string;
  platform: string;
  model: string;
  version: string;
  now: number;
  apiToken: string | null;
  /** The frame's source URL. */
  sourceUrl: string | null;
  updateChannel: UpdateChannel;
  settings: StoredSettings;
  capabilities: Partial<Record<CapabilityName, boolean>>;
  userAgent: string | null;
  timezone: string | null;
  env: string;
  scaleFactor: number;
  hardware?: DeviceHardware | null;
  customData?: unknown;
}

/** The settings as the record carries them: only valid fields, daily_restart always 'on' or 'off'. */
function recordSettings(settings: StoredSettings): Record<string, unknown> {
  const result: Record<string, unknown> = { daily_restart: settings.daily_restart === 'on' ? 'on' : 'off' };
  if (typeof settings.name === 'string') result.name = settings.name;
  if (isOrientation(settings.orientation)) result.orientation = settings.orientation;
  if (typeof settings.mute === 'boolean') result.mute = settings.mute;
  if (slotToHour(settings.daily_restart_time) !== null) {
    result.daily_restart_time = settings.daily_restart_time;
  }
  if (
    settings.update_channel === 'canary' ||
    settings.update_channel === 'stable' ||
    settings.update_channel === 'local'
  ) {
    result.update_channel = settings.update_channel;
  }
  return result;
}

function claimsOf(apiToken: string | null): { orgId: string | null; screenId: string | null } {
  try {
    return apiToken === null ? { orgId: null, screenId: null } : decodeApiToken(apiToken);
  } catch {
    return { orgId: null, screenId: null };
  }
}

export function buildDeviceRecord(input: DeviceRecordInput): Record<string, unknown> {
  const { orgId, screenId } = claimsOf(input.apiToken);
  const hardware = input.hardware ?? {};
  return {
    id: input.playerId,
    platform: input.platform,
    model: input.model,
    version: input.version,
    updated_at: input.now,
    web_player: {
      client: { name: WEB_PLAYER_CLIENT_NAME, version: input.version, update_channel: input.updateChannel },
      content_player: {
        name: CONTENT_PLAYER_NAME,
        device_id: input.deviceId,
        org_id: orgId,
        screen_id: screenId,
        url: input.sourceUrl,
      },
    },
    native_player: {
      settings: recordSettings(input.settings),
      capabilities: { ...input.capabilities, get_device_info: true, overridden_player: true },
      platform: input.platform,
      version: input.version,
      user_agent: input.userAgent,
      screen_api_command: null,
      datetime: new Date(input.now).toISOString(),
      timezone: input.timezone,
      env: input.env,
      custom_data: input.customData ?? null,
    },
    device: {
      ...hardware,
      display: hardware.display ?? { scaleFactor: input.scaleFactor > 0 ? input.scaleFactor : 1 },
      hardware_id: hardware.hardware_id ?? null,
    },
  };
}

/** docs/player.md §Device record: no record without a source URL, nor while the frame shows the pairing app. */
export function shouldSendDeviceRecord(sourceUrl: string | null, pairingUrl: string): boolean {
  if (sourceUrl === null || sourceUrl === '') return false;
  return !sourceUrl.startsWith(pairingUrl);
}

export interface DeviceLoggingOptions {
  /** Sends the record now, if it should be sent (the caller checks shouldSendDeviceRecord). */
  send: () => void;
  timers?: Timers;
}

/** Sends on load and every 12 hours; returns the function that stops it. */
export function startDeviceLogging({ send, timers = defaultTimers }: DeviceLoggingOptions): () => void {
  send();
  const interval = timers.setInterval(send, DEVICE_INFO_LOG_INTERVAL_MS);
  return () => timers.clearInterval(interval);
}
