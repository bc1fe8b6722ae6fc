// The player's local storage, under exactly the keys of docs/player.md §Local storage (protocol's STORAGE_KEYS).
// Values are JSON; a corrupt or unreadable value reads as missing. The key 'code' is never written, and storage
// that throws (privacy mode, quota) degrades to "not stored" instead of taking the player down. The origin is
// shared with the studio, the content player and the wrapper: clearing removes the player's keys only.

import {
  STORAGE_KEYS,
  isCopyableToLocalStorage,
  parseOrientation,
  type AuthObject,
  type Orientation,
} from '@marquee/protocol';
import { LOCAL_CACHE_PREFIX } from '@marquee/realtime';
import { IDENTITY_SESSION_KEY } from './identitySession';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** The player's stored keys: its own, its identity session and its realtime local copy (one key per path). */
function isPlayerKey(key: string): boolean {
  return (
    (Object.values(STORAGE_KEYS) as string[]).includes(key) ||
    key === IDENTITY_SESSION_KEY ||
    key.startsWith(LOCAL_CACHE_PREFIX)
  );
}

export interface StoredSettings {
  name?: string;
  orientation?: Orientation;
  update_channel?: string;
  daily_restart?: 'on' | 'off';
  daily_restart_time?: string;
  mute?: boolean;
}

export interface PlayerStorage {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  /** Removes the player's keys, and only those (the id query parameter's fresh start). */
  clear(): void;
  /** The player's own stored keys (STORAGE_KEYS) and their values, for passing on. */
  storedData(): Record<string, unknown>;
  getAuth(): AuthObject | null;
  setAuth(auth: AuthObject): void;
  getSettings(): StoredSettings;
  /** Merges `patch` into the stored settings and returns the result. */
  updateSettings(patch: StoredSettings): StoredSettings;
  getDeviceId(): string | null;
  setDeviceId(id: string): void;
  getLogLevel(): unknown;
  getDebugMode(): boolean;
  setDebugMode(on: boolean): void;
  getNoHardwareId(): boolean;
  getPlayerUrl(): string | null;
  setPlayerUrl(url: string | null): void;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function isAuthObject(value: unknown): value is AuthObject {
  const auth = value as Partial<AuthObject> | null;
  return (
    auth !== null &&
    typeof auth === 'object' &&
    nonEmpty(auth.apiToken) &&
    nonEmpty(auth.firebaseTokenV2) &&
    nonEmpty(auth.secret)
  );
}

export interface PlayerStorageOptions {
  /** Told of every write (null: removed), e.g. to pass stored data on to the parent. Must not throw. */
  onWrite?: (key: string, value: unknown) => void;
}

export function createPlayerStorage(
  storage: StorageLike | null,
  options: PlayerStorageOptions = {},
): PlayerStorage {
  const get = (key: string): unknown => {
    try {
      const text = storage?.getItem(key);
      return text === null || text === undefined ? null : (JSON.parse(text) as unknown);
    } catch {
      return null;
    }
  };
  const set = (key: string, value: unknown): void => {
    if (!isCopyableToLocalStorage(key)) return;
    try {
      if (value === null || value === undefined) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(value));
    } catch {
      // not stored: the value still lives in memory and on the server
    }
    options.onWrite?.(key, value ?? null);
  };
  const remove = (key: string): void => {
    try {
      storage?.removeItem(key);
    } catch {
      // nothing to remove
    }
    options.onWrite?.(key, null);
  };
  const getSettings = (): StoredSettings => {
    const value = get(STORAGE_KEYS.settings);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
    const settings = { ...(value as StoredSettings) };
    const orientation = parseOrientation(settings.orientation);
    if (orientation === null) delete settings.orientation;
    else settings.orientation = orientation;
    return settings;
  };
  return {
    get,
    set,
    remove,
    clear() {
      try {
        if (storage === null) return;
        const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
        for (const key of keys) if (key !== null && isPlayerKey(key)) storage.removeItem(key);
      } catch {
        // nothing to clear
      }
    },
    storedData() {
      const data: Record<string, unknown> = {};
      for (const key of Object.values(STORAGE_KEYS)) {
        const value = get(key);
        if (value !== null) data[key] = value;
      }
      return data;
    },
    getAuth() {
      const value = get(STORAGE_KEYS.auth);
      return isAuthObject(value) ? value : null;
    },
    setAuth: (auth) => set(STORAGE_KEYS.auth, auth),
    getSettings,
    updateSettings(patch) {
      const next = { ...getSettings(), ...patch };
      set(STORAGE_KEYS.settings, next);
      return next;
    },
    getDeviceId() {
      const value = get(STORAGE_KEYS.deviceId);
      return nonEmpty(value) ? value : null;
    },
    setDeviceId: (id) => set(STORAGE_KEYS.deviceId, id),
    getLogLevel() {
      return (get(STORAGE_KEYS.logging) as { logLevel?: unknown } | null)?.logLevel;
    },
    getDebugMode: () => get(STORAGE_KEYS.debugMode) === true,
    setDebugMode: (on) => set(STORAGE_KEYS.debugMode, on ? true : null),
    getNoHardwareId: () => get(STORAGE_KEYS.noHardwareId) === true,
    getPlayerUrl() {
      const value = get(STORAGE_KEYS.playerUrl);
      return nonEmpty(value) ? value : null;
    },
    setPlayerUrl: (url) => set(STORAGE_KEYS.playerUrl, url),
  };
}
