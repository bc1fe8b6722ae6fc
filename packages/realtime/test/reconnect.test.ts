// A dropped connection against the real server: the client reconnects, restores its listens and its armed
// onDisconnect actions, and the server runs those actions for the socket that went.

import { describe, expect, it } from 'vitest';
import { REALTIME_RECONNECT_MAX_MS } from '@marquee/protocol';
import { onDisconnect, onValue, ref, set } from '../src/index';
import { openClient, scratchPath, waitForConnected, waitForValue } from './clients';
import { newPlayer, useTestServer, type TestPlayer } from './serverHarness';

describe('reconnecting to the real server', () => {
  const server = useTestServer();
  let player: TestPlayer;
  // random 0: reconnect at once, so the test does not wait out a jittered backoff.
  const open = () => openClient(server, player, { random: () => 0 });

  it('reports the drop on .info/connected, reconnects and re-sends its listens', async () => {
    player = await newPlayer(server);
    const a = open();
    const b = open();
    await waitForConnected(a.db);
    await waitForConnected(b.db);
    const states: unknown[] = [];
    onValue(ref(a.db, '.info/connected'), (snapshot) => states.push(snapshot.val()));
    const name = `players/${player.id}/settings/name`;
    const names: unknown[] = [];
    onValue(ref(a.db, name), (snapshot) => names.push(snapshot.val()));
    await waitForValue(ref(a.db, name), (snapshot) => snapshot.exists());

    expect(server.killSockets()).toBe(2);
    await waitForConnected(a.db, false);
    await waitForConnected(a.db, true, REALTIME_RECONNECT_MAX_MS);
    await waitForConnected(b.db, true, REALTIME_RECONNECT_MAX_MS);
    expect(states).toEqual([true, false, true]);

    // A change made after the reconnect reaches the restored listen.
    await set(ref(b.db, name), 'After the drop');
    await waitForValue(ref(a.db, name), (snapshot) => snapshot.val() === 'After the drop');
    expect(names.at(-1)).toBe('After the drop');
  });

  it('the server runs armed actions when the socket drops; they are armed again after the reconnect', async () => {
    player = await newPlayer(server);
    const a = open();
    const watcher = open();
    const flag = ref(a.db, scratchPath(player, 'gone'));
    const watched = ref(watcher.db, scratchPath(player, 'gone'));
    await set(flag, false);
    await onDisconnect(flag).set(true);

    server.killSockets();
    await waitForValue(watched, (snapshot) => snapshot.val() === true);
    await waitForConnected(a.db, true, REALTIME_RECONNECT_MAX_MS);
    await waitForConnected(watcher.db, true, REALTIME_RECONNECT_MAX_MS);

    // Re-armed by the reconnect: closing the client runs it again.
    await set(flag, false);
    await waitForValue(watched, (snapshot) => snapshot.val() === false);
    a.db.close();
    await waitForValue(watched, (snapshot) => snapshot.val() === true);
  });

  it('a cancelled action is not armed again after a reconnect', async () => {
    player = await newPlayer(server);
    const a = open();
    const watcher = open();
    const flag = ref(a.db, scratchPath(player, 'gone'));
    await set(flag, 'here');
    const action = onDisconnect(flag);
    await action.set('gone');
    await action.cancel();
    server.killSockets();
    await waitForConnected(a.db, true, REALTIME_RECONNECT_MAX_MS);
    a.db.close();
    await waitForConnected(watcher.db, true, REALTIME_RECONNECT_MAX_MS);
    // Give the server the time to run anything it would; then the value must still be ours.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const value = await waitForValue(ref(watcher.db, flag.path), (snapshot) => snapshot.exists());
    expect(value.val()).toBe('here');
  });
});
