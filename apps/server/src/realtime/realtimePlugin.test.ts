// The socket server's part of the plugin: an open connection keeps nothing of the HTTP request that upgraded it
// (realtimePlugin.ts releaseUpgrade), and a socket error still closes only that socket.

import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, expect, it } from 'vitest';
import { connectAs, newPlayer, startRealtimeApp, type RealtimeTestApp } from '../../test/harness/realtime';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let test: RealtimeTestApp;
afterEach(async () => {
  await test.close();
});

it('keeps nothing of the upgrade request while the connection is open', async () => {
  test = await startRealtimeApp();
  const upgrades: WeakRef<IncomingMessage>[] = [];
  test.app.server.on('upgrade', (request: IncomingMessage) => upgrades.push(new WeakRef(request)));
  const player = await newPlayer(test);
  const clients = await Promise.all([1, 2, 3].map(() => connectAs(test, player.idToken)));
  const path = `players/${player.id}/settings/name`;
  await Promise.all(clients.map((client) => client.ok({ t: 'listen', path })));
  expect(upgrades).toHaveLength(3);

  await expect
    .poll(async () => {
      collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return upgrades.filter((request) => request.deref() !== undefined).length;
    })
    .toBe(0);
  // Still connected and served.
  await clients[0]!.ok({ t: 'set', path, value: 'after the collection' });
  await expect.poll(() => clients[2]!.eventsOf(path).at(-1)?.value).toBe('after the collection');
});
