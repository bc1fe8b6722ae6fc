import { afterEach, describe, expect, it } from 'vitest';
import { fakeSockets } from '../../test/fakeSocket';
import { createDatabase, type Database } from './database';
import { child, ref } from './reference';
import { remove, set, update } from './writes';
import { onDisconnect } from './onDisconnect';
import { runTransaction } from './transaction';

describe('references', () => {
  let db: Database;
  const open = () =>
    (db = createDatabase({
      url: 'ws://hub/realtime',
      restUrl: 'http://hub',
      getToken: () => Promise.resolve('t'),
      storage: null,
      WebSocketImpl: fakeSockets().WebSocketImpl,
    }));
  afterEach(() => db.close());

  it('normalises the path and names the last key', () => {
    open();
    expect(ref(db, '/players//p/settings/')).toMatchObject({ path: 'players/p/settings', key: 'settings' });
    expect(ref(db)).toMatchObject({ path: '', key: null });
    expect(child(ref(db, 'players'), 'p/app/url')).toMatchObject({ path: 'players/p/app/url', key: 'url' });
    expect(Object.isFrozen(ref(db, 'players'))).toBe(true);
  });

  it('refuses a bad path where it is written, with the hub message', () => {
    open();
    expect(() => ref(db, 'players/a.b')).toThrow(
      expect.objectContaining({
        name: 'RealtimeError',
        code: 'INVALID_PATH',
        message:
          'Invalid key "a.b" at path "players/a.b": keys cannot contain ".", "#", "$", "/", "[" or "]"',
      }),
    );
    expect(() => child(ref(db, 'players'), 'x#')).toThrow(expect.objectContaining({ code: 'INVALID_PATH' }));
  });

  it('accepts the read-only .info paths, and nothing below them or written to them', async () => {
    open();
    const connected = ref(db, '.info/connected');
    expect(connected).toMatchObject({ path: '.info/connected', key: 'connected' });
    expect(ref(db, '/.info/serverTimeOffset').key).toBe('serverTimeOffset');
    expect(() => child(connected, 'x')).toThrow(expect.objectContaining({ code: 'INVALID_PATH' }));
    expect(() => ref(db, '.info/other')).toThrow(expect.objectContaining({ code: 'INVALID_PATH' }));
    await expect(set(connected, true)).rejects.toMatchObject({ code: 'INVALID_PATH' });
    await expect(update(connected, { a: 1 })).rejects.toMatchObject({ code: 'INVALID_PATH' });
    await expect(remove(connected)).rejects.toMatchObject({ code: 'INVALID_PATH' });
    await expect(onDisconnect(connected).set(false)).rejects.toMatchObject({ code: 'INVALID_PATH' });
    await expect(runTransaction(connected, () => true)).rejects.toMatchObject({ code: 'INVALID_PATH' });
  });

  it('fails a bad write at once, with the hub rules and messages, before anything is sent', async () => {
    open();
    const settings = ref(db, 'players/p/settings');
    await expect(set(settings, { name: undefined, f: () => 1 })).rejects.toMatchObject({
      code: 'INVALID_VALUE',
      message: 'Invalid value at path "players/p/settings/f": functions cannot be written',
    });
    await expect(set(settings, undefined)).rejects.toMatchObject({
      code: 'INVALID_VALUE',
      message:
        'Invalid value at path "players/p/settings": undefined cannot be written; use null to remove a value',
    });
    await expect(set(settings, Number.POSITIVE_INFINITY)).rejects.toMatchObject({ code: 'INVALID_VALUE' });
    await expect(set(settings, { 'a/b': 1 })).rejects.toMatchObject({ code: 'INVALID_VALUE' });
    await expect(update(settings, { a: 1, 'a/b': 2 })).rejects.toMatchObject({
      code: 'INVALID_PATH',
      message:
        'Invalid update at path "players/p/settings": keys "a" and "a/b" overlap: an update cannot write a node together with its descendant or twice',
    });
    await expect(update(settings, 'nope' as unknown as object)).rejects.toMatchObject({
      code: 'INVALID_VALUE',
    });
    await expect(onDisconnect(settings).set(Symbol('x'))).rejects.toMatchObject({ code: 'INVALID_VALUE' });
    await expect(runTransaction(settings, () => 1, { maxRetries: 0 })).rejects.toThrow(RangeError);
  });

  it('resolves an empty update without a round trip', async () => {
    open();
    await expect(update(ref(db, 'players/p/settings'), {})).resolves.toBeUndefined();
  });
});
