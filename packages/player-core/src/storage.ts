// The player's local storage, under exactly the keys of SPEC.md §3 (protocol's STORAGE_KEYS). Values are JSON;
// a corrupt or unreadable value reads as missing. The key 'code' is never written (SPEC.md §3), and storage that
// throws (privacy mode, quota) degrades to "not stored" instead of taking the player down.

import {
  STORAGE_KEYS,
  isCopyableToLocalStorage,
  parseOrientation,
  type AuthObject,
  type Orientation,
} from '@marquee/protocol';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

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
  /** Removes everything (the id query parameter's fresh start). */
  clear(): void;
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

export function createPlayerStorage(storage: StorageLike | null): PlayerStorage {
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
  };
  const remove = (key: string): void => {
    try {
      storage?.removeItem(key);
    } catch {
      // nothing to remove
    }
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
        storage?.clear();
      } catch {
        // nothing to clear
      }
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
