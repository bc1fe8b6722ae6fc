// Registration (POST /_internal/players, docs/protocols/player-api.md §Registration): settings, device
// {id, model, platform, device:{hardware_id}} and the device's time zone in, the auth object out. A hardware id already tied to a screen
// answers 409 DUPLICATE_HARDWARE_ID, which the player shows as the duplicate-hardware notice.

import type { AuthObject } from '@marquee/protocol';
import { HttpClientError, type HttpClient } from './httpClient';
import { isAuthObject, type StoredSettings } from './storage';
import { deviceTimeZone } from './timeZone';

const PLAYERS_PATH = '/_internal/players';
const DUPLICATE_HARDWARE_CODE = 'DUPLICATE_HARDWARE_ID';

/** Registration answered 403: an operator blocked this player or its hardware id (the meeting variant's view). */
export class BlockedPlayerError extends Error {
  constructor() {
    super('This player is blocked.');
    this.name = 'BlockedPlayerError';
  }
}

export interface RegisterOptions {
  /** The stored API token, so the server re-registers this same player (the meeting variant registers on every start). */
  authorization?: string | null;
  /** The device's IANA zone (docs/schedules.md §What a screen shows); Intl's by default, left out when unknown. */
  timezone?: string | null;
}

export class DuplicateHardwareError extends Error {
  readonly hardwareId: string | null;
  constructor(hardwareId: string | null) {
    super('The device has previously been associated with a screen.');
    this.name = 'DuplicateHardwareError';
    this.hardwareId = hardwareId;
  }
}

export interface RegistrationDevice {
  id: string;
  model: string;
  platform: string;
  hardwareId: string | null;
}

export async function registerPlayer(
  http: HttpClient,
  settings: StoredSettings,
  device: RegistrationDevice,
  options: RegisterOptions = {},
): Promise<AuthObject> {
  const timezone = options.timezone === undefined ? deviceTimeZone() : options.timezone;
  const body = {
    settings,
    device: {
      id: device.id,
      model: device.model,
      platform: device.platform,
      device: { hardware_id: device.hardwareId },
    },
    ...(timezone === null ? {} : { timezone }),
  };
  let answer: unknown;
  try {
    answer = await http.request('POST', PLAYERS_PATH, { body, authorization: options.authorization ?? null });
  } catch (error) {
    if (error instanceof HttpClientError && error.status === 409 && error.code === DUPLICATE_HARDWARE_CODE) {
      const hardwareId = (error.data as { error?: { hardware_id?: unknown } }).error?.hardware_id;
      throw new DuplicateHardwareError(typeof hardwareId === 'string' ? hardwareId : device.hardwareId);
    }
    if (error instanceof HttpClientError && error.status === 403) throw new BlockedPlayerError();
    throw error;
  }
  if (!isAuthObject(answer)) throw new Error('Registration answered no auth object');
  return answer;
}

/** A random device id: 128 bits as hex, inside the server's player-id alphabet. */
export function newDeviceId(
  random: (bytes: Uint8Array) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b),
): string {
  return Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
