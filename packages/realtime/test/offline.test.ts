// Offline behaviour against the real server (docs/protocols/realtime.md §Offline copy): writes made while offline
// show at once and reach the server in order on reconnect; reads while offline come from the local copy, or are
// null.

import { describe, expect, it } from 'vitest';
import { freePort } from '@marquee/testbed';
import { child, get, goOffline, goOnline, onValue, ref, set, update } from '../src/index';
import { openClient, waitForConnected, waitForValue, type ClientOptions } from './clients';
import { MemoryStorage } from './memoryStorage';
import { newPlayer, useTestServer, type TestPlayer } from './serverHarness';

describe('offline with the real server', () => {
  const server = useTestServer();
  let player: TestPlayer;
  const open = (options: ClientOptions = {}) => openClient(server, player, options);

  it('queues writes made offline, shows them at once, and sends them in order on reconnect', async () => {
    player = await newPlayer(server);
    const a = open();
    const watcher = open();
    const settings = ref(a.db, `players/${player.id}/settings`);
    const local: unknown[] = [];
    onValue(settings, (snapshot) => local.push((snapshot.val() as { name?: unknown } | null)?.name));
    await waitForValue(settings, (snapshot) => snapshot.exists());
    const names: unknown[] = [];
    onValue(ref(watcher.db, settings.path), (snapshot) =>
      names.push((snapshot.val() as { name?: unknown }).name),
    );
    await waitForConnected(watcher.db);

    goOffline(a.db);
    await waitForConnected(a.db, false);
    const writes = [
      set(child(settings, 'name'), 'one'),
      update(settings, { name: 'two', mute: true }),
      set(child(settings, 'name'), 'three'),
    ];
    expect(local.slice(-3)).toEqual(['one', 'two', 'three']); // at once, while offline
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(names).not.toContain('one'); // nothing reached the server

    goOnline(a.db);
    await Promise.all(writes);
    await waitForValue(
      ref(watcher.db, settings.path),
      (snapshot) => (snapshot.val() as { name: string }).name === 'three',
    );
    // The watcher may see some of them coalesced, never out of order.
    const sequence = ['one', 'two', 'three'];
    const positions = names.map((name) => sequence.indexOf(name as string)).filter((index) => index >= 0);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    expect(positions.at(-1)).toBe(2);
    expect((await get(settings)).val()).toMatchObject({ name: 'three', mute: true });
  });

  it('serves reads from the local copy when the server cannot be reached, and null when it has none', async () => {
    player = await newPlayer(server);
    const storage = new MemoryStorage();
    const online = open({ storage });
    const app = ref(online.db, `players/${player.id}/settings`);
    const value = (await waitForValue(app, (snapshot) => snapshot.exists())).val();
    online.db.close();
    expect([...storage.items.keys()]).toContain(`firebase:rtdb:players/${player.id}/settings`);

    // A new session with no server at all: neither the socket nor REST answers.
    const port = await freePort();
    const offline = open({
      storage,
      url: `ws://127.0.0.1:${port}/realtime`,
      restUrl: `http://127.0.0.1:${port}`,
    });
    const settings = ref(offline.db, `players/${player.id}/settings`);
    await expect(waitForValue(settings, () => true)).resolves.toMatchObject({ key: 'settings' });
    expect((await get(settings)).val()).toEqual(value);
    expect((await get(child(settings, 'name'))).val()).toBe((value as { name: string }).name);
    expect((await get(ref(offline.db, `players/${player.id}/app`))).val()).toBeNull();
  });

  it('reads from the local copy after goOffline, with the offline writes on top', async () => {
    player = await newPlayer(server);
    const a = open();
    const settings = ref(a.db, `players/${player.id}/settings`);
    const before = (await get(settings)).val() as Record<string, unknown>;
    goOffline(a.db);
    void set(child(settings, 'name'), 'Offline name').catch(() => {});
    expect((await get(settings)).val()).toEqual({ ...before, name: 'Offline name' });
  });
});
