import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memoryStorage';
import { passStoredData } from './parentStorage';
import { createPlayerStorage } from './storage';

/** A parent that keeps what storageSet gives it, as a native wrapper's storage does. */
function nativeParent() {
  const kept = new Map<string, unknown>();
  const calls: string[] = [];
  return {
    kept,
    calls,
    link: {
      call: <T>(method: string, ...args: unknown[]): Promise<T> => {
        calls.push(method);
        if (method !== 'storageSet') return Promise.reject(new Error(`missing api method: ${method}`));
        const [key, value] = args as [string, unknown];
        if (value === null) kept.delete(key);
        else kept.set(key, value);
        return Promise.resolve(true as T);
      },
    },
  };
}

describe('passStoredData', () => {
  it("passes the player's stored data cleaned: never the auth object", async () => {
    const storage = createPlayerStorage(new MemoryStorage());
    storage.setAuth({ apiToken: 'a', firebaseTokenV2: 'f', secret: 's' });
    storage.setDeviceId('dev-1');
    storage.updateSettings({ name: 'Lobby', orientation: 'portrait' });
    storage.set('logging', { logLevel: 4 });
    const parent = nativeParent();
    await passStoredData(parent.link, storage.storedData());
    expect(Object.fromEntries(parent.kept)).toEqual({
      deviceId: 'dev-1',
      settings: { name: 'Lobby', orientation: 'portrait' },
      logging: { logLevel: 4 },
    });
  });

  it('passes a removal as null, and what the cleaning rule drops not at all', async () => {
    const parent = nativeParent();
    parent.kept.set('__sc_player_url', 'http://x/content/');
    await passStoredData(parent.link, {
      __sc_player_url: null,
      'firebase:authUser:x': { uid: 'u' },
      code: 'A',
    });
    expect(parent.kept.has('__sc_player_url')).toBe(false);
    expect(parent.calls).toEqual(['storageSet']);
  });

  it('survives a parent without storageSet', async () => {
    const parent = nativeParent();
    const failing = { call: () => Promise.reject(new Error('missing api method: storageSet')) };
    await expect(passStoredData(failing, { deviceId: 'd' })).resolves.toBeUndefined();
    expect(parent.calls).toEqual([]);
  });
});
