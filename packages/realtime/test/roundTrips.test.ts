// Listen, get, set, update and remove against the real server, and what the server refuses.

import { describe, expect, it } from 'vitest';
import {
  child,
  get,
  onValue,
  ref,
  remove,
  serverTimestamp,
  set,
  update,
  type DataSnapshot,
  type RealtimeError,
} from '../src/index';
import { openClient, scratchPath, waitForConnected, waitForValue } from './clients';
import { newPlayer, useTestServer, type TestPlayer } from './serverHarness';

describe('round trips with the real server', () => {
  const server = useTestServer();
  let player: TestPlayer;
  const open = (who = player) => openClient(server, who);

  it('listens, and sees its own set at once and then from the server', async () => {
    player = await newPlayer(server);
    const { db } = open();
    await waitForConnected(db);
    const settings = ref(db, `players/${player.id}/settings`);
    const seen: unknown[] = [];
    const unsubscribe = onValue(settings, (snapshot: DataSnapshot) => seen.push(snapshot.val()));
    const initial = await waitForValue(settings, (snapshot) => snapshot.exists());
    expect(initial.val()).toMatchObject({ name: expect.stringMatching(/^Lobby \d+$/) as unknown });
    const written = set(child(settings, 'name'), 'Hall');
    expect(seen.at(-1)).toMatchObject({ name: 'Hall' }); // before the server answered
    await written;
    expect((await get(child(settings, 'name'))).val()).toBe('Hall');
    expect(seen.filter((value) => (value as { name: string }).name === 'Hall')).toHaveLength(1);
    unsubscribe();
  });

  it('updates several paths at once, removes, and resolves server timestamps', async () => {
    player = await newPlayer(server);
    const { db } = open();
    const connection = ref(db, `players/${player.id}/connection`);
    await update(connection, { connected: true, id: 'abc', 'meta/x': 1, 'meta/y': undefined });
    expect((await get(connection)).val()).toEqual({ connected: true, id: 'abc', meta: { x: 1 } });
    await remove(child(connection, 'meta'));
    expect((await get(connection)).val()).toEqual({ connected: true, id: 'abc' });
    const before = Date.now();
    await set(child(connection, 'connected_at'), serverTimestamp());
    const at = (await get(child(connection, 'connected_at'))).val() as number;
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('writes arrays and reads them back as arrays; absent reads as null', async () => {
    player = await newPlayer(server);
    const { db } = open();
    const device = ref(db, scratchPath(player, 'device'));
    await set(device, { displays: [{ w: 1920 }, { w: 1080 }], tags: ['a', null, 'c'] });
    const snapshot = await get(device);
    expect(snapshot.val()).toEqual({ displays: [{ w: 1920 }, { w: 1080 }], tags: ['a', null, 'c'] });
    const listened = await waitForValue(device, (s) => s.exists());
    expect(listened.val()).toEqual(snapshot.val());
    const missing = await get(child(device, 'nothing/here'));
    expect(missing.exists()).toBe(false);
    expect(missing.val()).toBeNull();
  });

  it("shows one client's writes to another client's listener", async () => {
    player = await newPlayer(server);
    const a = open();
    const b = open();
    const name = `players/${player.id}/settings/name`;
    const seen = waitForValue(ref(b.db, name), (snapshot) => snapshot.val() === 'From A');
    await set(ref(a.db, name), 'From A');
    await expect(seen).resolves.toBeDefined();
  });

  it("refuses another player's subtree with PERMISSION_DENIED, for reads, listens and writes", async () => {
    player = await newPlayer(server);
    const other = await newPlayer(server);
    const { db, logs } = open();
    const theirs = ref(db, `players/${other.id}/settings`);
    await expect(get(theirs)).rejects.toMatchObject({ name: 'RealtimeError', code: 'PERMISSION_DENIED' });
    const cancelled = await new Promise<RealtimeError>((resolve) => {
      onValue(theirs, () => {}, resolve);
    });
    expect(cancelled.code).toBe('PERMISSION_DENIED');
    await expect(set(child(theirs, 'name'), 'x')).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(
      logs.some((line) =>
        line.startsWith(`realtime: set at "players/${other.id}/settings/name" failed: permission_denied`),
      ),
    ).toBe(true);
  });

  it('rolls an optimistic write back when the server refuses it (its own action flags)', async () => {
    player = await newPlayer(server);
    const { db } = open();
    const mine = ref(db, `players/${player.id}`);
    const values: unknown[] = [];
    onValue(mine, (snapshot) => values.push(snapshot.val()));
    await waitForValue(mine, (snapshot) => snapshot.exists());
    const refused = set(child(mine, 'action_flags/reboot'), true);
    expect(values.at(-1)).toMatchObject({ action_flags: { reboot: true } });
    await expect(refused).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(values.at(-1)).not.toHaveProperty('action_flags');
  });

  it("passes the server's invalid_path for a listen above a player document", async () => {
    player = await newPlayer(server);
    const { db } = open();
    const error = await new Promise<RealtimeError>((resolve) => {
      onValue(ref(db, 'players'), () => {}, resolve);
    });
    expect(error).toMatchObject({
      code: 'INVALID_PATH',
      message:
        'Invalid path "players": a path must name a document such as players/{id} or a place inside it',
    });
  });
});
