// The REST read fallback against the real server (SPEC.md §7): used when the socket cannot be opened.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { child, get, ref, set } from '../src/index';
import { openClient, type TestClient } from './clients';
import { closedPort, newPlayer, startServer, type TestPlayer, type TestServer } from './serverHarness';

describe('REST fallback with the real server', () => {
  let server: TestServer;
  let player: TestPlayer;
  let clients: TestClient[] = [];
  let noSocket: string;

  beforeAll(async () => {
    server = await startServer();
    noSocket = `ws://127.0.0.1:${await closedPort()}/realtime`;
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    for (const client of clients) client.db.close();
    clients = [];
  });

  const socketless = () => {
    const client = openClient(server, player, { url: noSocket, random: () => 0 });
    clients.push(client);
    return client;
  };

  it('reads over GET /db/{path}.json when the socket cannot be opened, and keeps a local copy', async () => {
    player = await newPlayer(server);
    const online = openClient(server, player);
    clients.push(online);
    await set(ref(online.db, `players/${player.id}/device`), { model: 'X', list: ['a', 'b'] });

    const { db, storage } = socketless();
    const device = ref(db, `players/${player.id}/device`);
    expect((await get(device)).val()).toEqual({ model: 'X', list: ['a', 'b'] });
    expect((await get(child(device, 'model'))).val()).toBe('X');
    expect(storage.getItem(`firebase:rtdb:players/${player.id}/device`)).toMatch(
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
