import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, goOffline, onValue, ref } from '@marquee/realtime';
import { localCopyWithout } from './localCopy';

afterEach(() => window.localStorage.clear());

/** What a listener gets from a client that never reaches a server: the offline copy, or nothing. */
function offlineValue(storage: Storage, excluded: string[], path: string): Promise<unknown> {
  const db = createDatabase({
    url: 'ws://127.0.0.1:9/realtime',
    restUrl: 'http://127.0.0.1:9',
    getToken: async () => null,
    storage: localCopyWithout(storage, excluded),
    logger: { error() {}, warn() {} },
  });
  goOffline(db);
  return new Promise((resolve) => {
    const stop = onValue(ref(db, path), (snapshot) => {
      stop();
      db.close();
      resolve(snapshot.val());
    });
    setTimeout(() => {
      db.close();
      resolve('no value');
    }, 50);
  });
}

describe('localCopyWithout', () => {
  it('serves the copies of other paths and never keeps or serves the excluded ones', async () => {
    const storage = window.localStorage;
    const excluded = ['players/p1/connection/id'];
    const copy = localCopyWithout(storage, excluded);
    copy.setItem('firebase:rtdb:players/p1/app', `1:${JSON.stringify({ token: 't' })}`);
    copy.setItem('firebase:rtdb:players/p1/connection/id', '1:"old-page"');
    expect(storage.getItem('firebase:rtdb:players/p1/connection/id')).toBeNull();
    // A copy left by someone else (another version of the page) is not served either.
    storage.setItem('firebase:rtdb:players/p1/connection/id', '1:"stale"');
    expect(copy.getItem('firebase:rtdb:players/p1/connection/id')).toBeNull();

    expect(await offlineValue(storage, excluded, 'players/p1/app')).toEqual({ token: 't' });
    expect(await offlineValue(storage, excluded, 'players/p1/connection/id')).toBe('no value');
  });
});
