// The REST read fallback against the real server (docs/protocols/realtime.md §REST fallback): used when the socket
// cannot be opened.

import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@marquee/testbed';
import { child, get, ref, set } from '../src/index';
import { openClient, scratchPath } from './clients';
import { newPlayer, useTestServer, type TestPlayer } from './serverHarness';

describe('REST fallback with the real server', () => {
  const server = useTestServer();
  let player: TestPlayer;
  let noSocket: string;
  beforeAll(async () => {
    noSocket = `ws://127.0.0.1:${await freePort()}/realtime`;
  });
  const socketless = () => openClient(server, player, { url: noSocket, random: () => 0 });

  it('reads over GET /db/{path}.json when the socket cannot be opened, and keeps a local copy', async () => {
    player = await newPlayer(server);
    const online = openClient(server, player);
    await set(ref(online.db, scratchPath(player, 'device')), { model: 'X', list: ['a', 'b'] });

    const { db, storage } = socketless();
    const device = ref(db, scratchPath(player, 'device'));
    expect((await get(device)).val()).toEqual({ model: 'X', list: ['a', 'b'] });
    expect((await get(child(device, 'model'))).val()).toBe('X');
    expect(storage.getItem(`firebase:rtdb:${scratchPath(player, 'device')}`)).toMatch(
      /^\d+:\{"model":"X","list":\{"0":"a","1":"b"\}\}$/,
    );
  });

  it('answers null for a path with nothing there', async () => {
    player = await newPlayer(server);
    const { db } = socketless();
    expect((await get(ref(db, `players/${player.id}/nothing`))).val()).toBeNull();
  });

  it("turns the server's 401 into PERMISSION_DENIED", async () => {
    player = await newPlayer(server);
    const other = await newPlayer(server);
    const { db } = socketless();
    await expect(get(ref(db, `players/${other.id}/settings`))).rejects.toMatchObject({
      name: 'RealtimeError',
      code: 'PERMISSION_DENIED',
    });
  });
});
