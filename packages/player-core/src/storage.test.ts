import { LOCAL_CACHE_PREFIX } from '@marquee/realtime';
import { describe, expect, it } from 'vitest';
import { IDENTITY_SESSION_KEY } from './identitySession';
import { MemoryStorage } from './memoryStorage';
import { createPlayerStorage } from './storage';

const auth = { apiToken: 'a', firebaseTokenV2: 'f', secret: 's' };

describe('createPlayerStorage', () => {
  it('keeps each value under the exact key of docs/player.md §Local storage', () => {
    const raw = new MemoryStorage();
    const storage = createPlayerStorage(raw);
    storage.setAuth(auth);
    storage.updateSettings({ name: 'Lobby', orientation: 'portrait' });
    storage.setDeviceId('dev-1');
    storage.setDebugMode(true);
    storage.setPlayerUrl('http://x/content/');
    storage.set('logging', { logLevel: 4 });
    storage.set('__sc_player_no_hardware_id', true);
    expect(JSON.parse(raw.getItem('auth') ?? '')).toEqual(auth);
    expect(JSON.parse(raw.getItem('settings') ?? '')).toEqual({ name: 'Lobby', orientation: 'portrait' });
    expect(raw.getItem('deviceId')).toBe('"dev-1"');
    expect(raw.getItem('__sc_player_debug_mode')).toBe('true');
    expect(raw.getItem('__sc_player_url')).toBe('"http://x/content/"');
    expect(storage.getLogLevel()).toBe(4);
    expect(storage.getNoHardwareId()).toBe(true);
    expect(storage.getAuth()).toEqual(auth);
  });

  it("never writes the key 'code'", () => {
    const raw = new MemoryStorage();
    createPlayerStorage(raw).set('code', 'ABC234');
    expect(raw.getItem('code')).toBeNull();
  });

  it('reads corrupt, partial or wrong-typed values as missing', () => {
    const raw = new MemoryStorage();
    raw.setItem('auth', '{"apiToken":"a"}');
    raw.setItem('deviceId', 'not json');
    raw.setItem('settings', '[1]');
    const storage = createPlayerStorage(raw);
    expect(storage.getAuth()).toBeNull();
    expect(storage.getDeviceId()).toBeNull();
    expect(storage.getSettings()).toEqual({});
  });

  it('merges settings and normalises a numeric orientation', () => {
    const storage = createPlayerStorage(new MemoryStorage());
    storage.updateSettings({ name: 'A' });
    storage.set('settings', { ...storage.getSettings(), orientation: 270 });
    expect(storage.getSettings()).toEqual({ name: 'A', orientation: 'reverse_portrait' });
  });

  it('turns debug mode off by removing its key, and survives a storage that throws', () => {
    const raw = new MemoryStorage();
    const storage = createPlayerStorage(raw);
    storage.setDebugMode(true);
    storage.setDebugMode(false);
    expect(raw.getItem('__sc_player_debug_mode')).toBeNull();
    const broken = createPlayerStorage({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
      key: () => null,
      length: 0,
    });
    expect(() => broken.setAuth(auth)).not.toThrow();
    expect(broken.getAuth()).toBeNull();
  });

  it("clears only the player's own keys, leaving the other apps of the origin theirs", () => {
    const raw = new MemoryStorage();
    const storage = createPlayerStorage(raw);
    storage.setAuth(auth);
    storage.updateSettings({ name: 'Lobby' });
    storage.setDeviceId('dev-1');
    storage.set('logging', { logLevel: 4 });
    storage.setDebugMode(true);
    storage.set('__sc_player_no_hardware_id', true);
    storage.setPlayerUrl('http://x/content/');
    raw.setItem(IDENTITY_SESSION_KEY, '{"uid":"dev-1"}');
    raw.setItem(`${LOCAL_CACHE_PREFIX}players/dev-1/pairing/code`, '1:"ABC234"');
    raw.setItem(`${LOCAL_CACHE_PREFIX}players/dev-1`, '1:{}');
    // Other apps served from the same origin: the studio's session, the content player's, the wrapper's.
    raw.setItem('marquee-studio-session', '{"idToken":"t"}');
    raw.setItem('marquee-content:cache-index', '["/media/1"]');
    raw.setItem('marquee-host:chromeos:auth', '{"apiToken":"a"}');

    storage.clear();

    const left = Array.from({ length: raw.length }, (_, i) => raw.key(i)).sort();
    expect(left).toEqual([
      'marquee-content:cache-index',
      'marquee-host:chromeos:auth',
      'marquee-studio-session',
    ]);
  });
});
