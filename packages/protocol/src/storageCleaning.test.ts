import { describe, expect, it } from 'vitest';
import {
  AUTH_PROVIDER_KEY_PREFIX,
  CLEANED_STORAGE_KEYS,
  cleanStoredData,
  isCleanedStorageKey,
  isCopyableToLocalStorage,
} from './storageCleaning';

describe('cleanStoredData', () => {
  it('removes the auth provider keys and the six named keys, keeping the rest', () => {
    expect(AUTH_PROVIDER_KEY_PREFIX).toBe('firebase:');
    const record = {
      'firebase:authUser:key:[DEFAULT]': '{"uid":"p1"}',
      'firebase:host:example': 'x',
      modelMapping: {},
      app: { url: 'https://example.test' },
      auth: { apiToken: 't' },
      data: [1],
      code: 'ABC234',
      connected: true,
      settings: { name: 'Lobby' },
      deviceId: 'p1',
      logging: { logLevel: 3 },
      __sc_player_url: 'https://example.test/content',
    };
    expect(cleanStoredData(record)).toEqual({
      settings: { name: 'Lobby' },
      deviceId: 'p1',
      logging: { logLevel: 3 },
      __sc_player_url: 'https://example.test/content',
    });
  });

  it('returns a new object and leaves the record alone', () => {
    const record = { code: 'ABC234', settings: 1 };
    const cleaned = cleanStoredData(record);
    expect(cleaned).not.toBe(record);
    expect(record).toEqual({ code: 'ABC234', settings: 1 });
    expect(cleanStoredData({})).toEqual({});
  });

  it('matches names exactly and the prefix only at the start', () => {
    expect(
      cleanStoredData({ Code: 1, codes: 2, appData: 3, 'my-firebase:x': 4, 'Firebase:x': 5, firebase: 6 }),
    ).toEqual({ Code: 1, codes: 2, appData: 3, 'my-firebase:x': 4, 'Firebase:x': 5, firebase: 6 });
  });

  it('keeps a __proto__ key as data', () => {
    const cleaned = cleanStoredData(
      JSON.parse('{"__proto__":{"polluted":true},"code":"x"}') as Record<string, unknown>,
    );
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect(Object.keys(cleaned)).toEqual(['__proto__']);
    expect((cleaned as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('isCleanedStorageKey', () => {
  it('is true for exactly the keys and prefix of docs/player.md §Local storage', () => {
    expect(CLEANED_STORAGE_KEYS).toEqual(['modelMapping', 'app', 'auth', 'data', 'code', 'connected']);
    expect(CLEANED_STORAGE_KEYS.every(isCleanedStorageKey)).toBe(true);
    expect(isCleanedStorageKey('firebase:authUser:k:[DEFAULT]')).toBe(true);
    expect(isCleanedStorageKey('settings')).toBe(false);
  });
});

describe('isCopyableToLocalStorage', () => {
  it('never copies code', () => {
    expect(isCopyableToLocalStorage('code')).toBe(false);
  });

  it.each(['auth', 'settings', 'deviceId', 'logging', '__sc_player_url', 'Code', 'codes'])(
    'copies %j',
    (key) => {
      expect(isCopyableToLocalStorage(key)).toBe(true);
    },
  );
});
