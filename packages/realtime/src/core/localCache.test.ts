import { describe, expect, it } from 'vitest';
import { AUTH_PROVIDER_KEY_PREFIX, cleanStoredData } from '@marquee/protocol';
import { MemoryStorage } from '../../test/memoryStorage';
import { memoryLogger } from '../../test/fakeSocket';
import { LOCAL_CACHE_MAX_CHARS, LOCAL_CACHE_PREFIX, LocalCache } from './localCache';

const at = (path: string) => path.split('/');

function setup(options: { maxChars?: number; storage?: MemoryStorage } = {}) {
  let now = 1_000;
  const storage = options.storage ?? new MemoryStorage();
  const logger = memoryLogger();
  const cache = new LocalCache({
    storage,
    clock: () => now,
    logger,
    ...(options.maxChars === undefined ? {} : { maxChars: options.maxChars }),
  });
  return { cache, storage, logger, tick: (ms = 1) => (now += ms) };
}

describe('LocalCache', () => {
  it('keeps each path under its own firebase:rtdb: key, which stored-data cleaning drops', () => {
    const { cache, storage } = setup();
    expect(LOCAL_CACHE_PREFIX).toBe(`${AUTH_PROVIDER_KEY_PREFIX}rtdb:`);
    cache.write(at('players/p/settings'), { name: 'Hall' });
    expect(storage.getItem('firebase:rtdb:players/p/settings')).toBe('1000:{"name":"Hall"}');
    expect(cleanStoredData(Object.fromEntries(storage.items))).toEqual({});
  });

  it('reads a path from its own item or from an ancestor, whichever was written last', () => {
    const { cache, tick } = setup();
    expect(cache.read(at('players/p'))).toBeUndefined();
    cache.write(at('players/p/settings'), { name: 'A', mute: true });
    tick();
    cache.write(at('players/p'), { settings: { name: 'B' }, app: { url: 'u' } });
    expect(cache.read(at('players/p/settings'))).toEqual({ name: 'B' });
    expect(cache.read(at('players/p/settings/mute'))).toBeNull(); // the newer ancestor says it is gone
    tick();
    cache.write(at('players/p/settings'), { name: 'C' });
    expect(cache.read(at('players/p/settings/name'))).toBe('C');
    expect(cache.read(at('players/p/app/url'))).toBe('u');
    expect(cache.read(at('players/q'))).toBeUndefined();
  });

  it('knows a value is absent (null), which is not the same as not knowing', () => {
    const { cache } = setup();
    cache.write(at('players/p/pairing'), null);
    expect(cache.read(at('players/p/pairing'))).toBeNull();
    expect(cache.read(at('players/p/pairing/code'))).toBeNull();
  });

  it('stays within its bound by dropping the least recently written paths', () => {
    const { cache, storage, tick } = setup({ maxChars: 120 });
    const value = 'x'.repeat(10);
    for (const key of ['a', 'b', 'c']) {
      cache.write(at(`players/p/${key}`), value);
      tick();
    }
    // Each item: 'firebase:rtdb:players/p/a' (25) + '100x:"xxxxxxxxxx"' (17) = 42 characters.
    expect(cache.totalChars).toBe(84);
    expect(cache.paths()).toEqual(['players/p/b', 'players/p/c']);
    expect(storage.getItem('firebase:rtdb:players/p/a')).toBeNull();
    cache.write(at('players/p/b'), value); // rewriting makes it the newest
    tick();
    cache.write(at('players/p/d'), value);
    expect(cache.paths()).toEqual(['players/p/b', 'players/p/d']);
    expect(cache.totalChars).toBeLessThanOrEqual(120);
    expect(storage.usedChars).toBe(cache.totalChars);
  });

  it('does not keep a value larger than the whole bound, and drops the stale copy of its path', () => {
    const { cache } = setup({ maxChars: 100 });
    cache.write(at('players/p/a'), 'small');
    cache.write(at('players/p/a'), 'y'.repeat(200));
    expect(cache.read(at('players/p/a'))).toBeUndefined();
    expect(cache.totalChars).toBe(0);
  });

  it('makes room when the storage itself is full, and gives up quietly when it cannot', () => {
    const storage = new MemoryStorage(100);
    storage.setItem('auth', 'z'.repeat(40)); // the player's own keys count against the same quota
    const { cache, logger } = setup({ storage });
    cache.write(at('players/p/a'), 'v'.repeat(10));
    cache.write(at('players/p/b'), 'v'.repeat(10)); // does not fit beside a: a goes
    expect(cache.paths()).toEqual(['players/p/b']);
    expect(storage.getItem('auth')).toBe('z'.repeat(40));
    cache.write(at('players/p/c'), 'v'.repeat(80));
    expect(cache.paths()).toEqual([]);
    expect(logger.lines).toEqual(['realtime: cannot keep a local copy of "players/p/c"']);
  });

  it('finds the copy a previous session left, oldest first, and trims it to the bound', () => {
    const storage = new MemoryStorage();
    storage.setItem('firebase:rtdb:players/p/b', '3000:"b"');
    storage.setItem('firebase:rtdb:players/p/a', '2000:"a"');
    storage.setItem('firebase:authUser:key:[DEFAULT]', '{"uid":"p"}');
    storage.setItem('settings', '{}');
    const { cache } = setup({ storage });
    expect(cache.paths()).toEqual(['players/p/a', 'players/p/b']);
    expect(cache.read(at('players/p/b'))).toBe('b');
    const small = setup({ storage, maxChars: 40 });
    expect(small.cache.paths()).toEqual(['players/p/b']);
    expect(storage.getItem('firebase:rtdb:players/p/a')).toBeNull();
  });

  it('forgets an item that is unreadable or was removed behind its back', () => {
    const storage = new MemoryStorage();
    storage.setItem('firebase:rtdb:players/p/a', '1:{not json');
    storage.setItem('firebase:rtdb:players/p/b', '1:"b"');
    const { cache } = setup({ storage });
    expect(cache.read(at('players/p/a'))).toBeUndefined();
    storage.removeItem('firebase:rtdb:players/p/b');
    expect(cache.read(at('players/p/b'))).toBeUndefined();
    expect(cache.paths()).toEqual([]);
    expect(cache.totalChars).toBe(0);
  });

  it('works without a storage (nothing kept) and clears what it kept', () => {
    const none = new LocalCache({ storage: null, clock: () => 0, logger: memoryLogger() });
    none.write(at('players/p'), 1);
    expect(none.read(at('players/p'))).toBeUndefined();
    const { cache, storage } = setup();
    cache.write(at('players/p'), 1);
    cache.clear();
    expect(storage.length).toBe(0);
    expect(LOCAL_CACHE_MAX_CHARS).toBe(1024 * 1024);
  });
});
