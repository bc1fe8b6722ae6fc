// Presence (docs/player.md §Connection states) against the real server: the connection record is written on
// connect, the server clears it through the armed disconnect action when the socket goes, and it is written
// again on reconnect.

import { describe, expect, it } from 'vitest';
import { REALTIME_RECONNECT_MAX_MS } from '@marquee/protocol';
import { isOnline, onValue, ref, trackPresence } from '../src/index';
import { openClient, waitForConnected, waitForValue } from './clients';
import { newPlayer, useTestServer, type TestPlayer } from './serverHarness';

/**
 * The stopped player reconnects 250 ms after the drop and, stopped, arms nothing. When the server decides the old
 * connection's "went away" action only after the new one authenticated (a busy machine paces closing connections),
 * it holds the action for up to 10 s (SUCCESSOR_WAIT_MS, apps/server/src/realtime/onDisconnect.ts) waiting for an
 * arming that never comes, then runs it; 5 s failed the test on a loaded machine.
 */
const STOPPED_GOES_DOWN_WITHIN_MS = 15_000;

describe('presence with the real server', () => {
  const server = useTestServer();
  let player: TestPlayer;
  const open = () => openClient(server, player, { random: () => 0 });

  type Record = { connected?: boolean; connected_at?: number; disconnected_at?: number; id?: string } | null;

  it('writes the connection record on connect and the server clears it when the client closes', async () => {
    player = await newPlayer(server);
    const watcher = open();
    const record = ref(watcher.db, `players/${player.id}/connection`);
    const player1 = open();
    const presence = trackPresence(player1.db, player.id, { connectionId: 'session-1' });
    expect(presence.connectionId).toBe('session-1');
    const before = Date.now();
    const up = (await waitForValue(record, (s) => (s.val() as Record)?.connected === true)).val() as Record;
    expect(up).toEqual({ connected: true, connected_at: expect.any(Number) as number, id: 'session-1' });
    expect(up?.connected_at).toBeGreaterThanOrEqual(before - 1000);
    expect(isOnline(player1.db)).toBe(true);

    player1.db.close();
    const down = (
      await waitForValue(record, (s) => (s.val() as Record)?.connected === false)
    ).val() as Record;
    expect(down).toEqual({ connected: false, disconnected_at: expect.any(Number) as number });
    expect(down?.disconnected_at).toBeGreaterThanOrEqual(up?.connected_at as number);
    expect(isOnline(player1.db)).toBe(false);
  });

  it('goes down when the socket drops and up again, with the same id, when it reconnects', async () => {
    player = await newPlayer(server);
    const watcher = open();
    const record = ref(watcher.db, `players/${player.id}/connection`);
    const player1 = open();
    const { connectionId } = trackPresence(player1.db, player.id);
    expect(connectionId).toMatch(/^[0-9a-f]{32}$/);
    await waitForValue(record, (s) => (s.val() as Record)?.id === connectionId);

    const seen: Record[] = [];
    const local = ref(player1.db, `players/${player.id}/connection`);
    onValue(local, (snapshot) => seen.push(snapshot.val() as Record));
    server.killSockets();
    // Locally the down record shows at once, while the socket is gone.
    await waitForConnected(player1.db, false);
    expect(seen.at(-1)).toEqual({ connected: false, disconnected_at: expect.any(Number) as number });
    await waitForConnected(player1.db, true, REALTIME_RECONNECT_MAX_MS);
    await waitForConnected(watcher.db, true, REALTIME_RECONNECT_MAX_MS);
    const again = await waitForValue(record, (s) => (s.val() as Record)?.connected === true);
    expect(again.val()).toEqual({
      connected: true,
      connected_at: expect.any(Number) as number,
      id: connectionId,
    });
  });

  it('stop() ends the tracking: after a reconnect the record is not written again', async () => {
    player = await newPlayer(server);
    const watcher = open();
    const record = ref(watcher.db, `players/${player.id}/connection`);
    const player1 = open();
    const presence = trackPresence(player1.db, player.id, { connectionId: 'stopped' });
    await waitForValue(record, (s) => (s.val() as Record)?.id === 'stopped');
    presence.stop();
    server.killSockets();
    await waitForValue(record, (s) => (s.val() as Record)?.connected === false, STOPPED_GOES_DOWN_WITHIN_MS);
    await waitForConnected(player1.db, true, REALTIME_RECONNECT_MAX_MS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await waitForConnected(watcher.db, true, REALTIME_RECONNECT_MAX_MS);
    const after = await waitForValue(record, (s) => s.exists());
    expect((after.val() as Record)?.connected).toBe(false);
    expect(() => trackPresence(player1.db, 'a/b')).toThrow('playerId must be one key');
  });
});
