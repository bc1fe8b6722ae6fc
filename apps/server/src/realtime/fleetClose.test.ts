// A fleet's sockets closing at once (a network blip): the hub disposes the closed connections a slice at a time
// (hub.ts DISPOSE_SLICE), and every one of them, in whatever slice, has its listens stopped and its onDisconnect
// action run, with the node's time, as if each had closed alone.

import { expect, it } from 'vitest';
import { armedRows, reportUp } from '../../test/harness/presence';
import {
  appPerTest,
  connectAs,
  newPlayer,
  type RealtimePlayer,
  type WireClient,
} from '../../test/harness/realtime';
import { DISPOSE_SLICE } from './hub';

/** More than two slices, the last one partial. */
const FLEET = 2 * DISPOSE_SLICE + 37;

const app = appPerTest();

it('disposes every connection of a fleet that dropped at once: listens stopped, actions run', async () => {
  const { test } = app;
  const players: RealtimePlayer[] = [];
  for (let index = 0; index < FLEET; index++) players.push(await newPlayer(test));
  const clients: WireClient[] = [];
  for (const player of players) {
    const client = await connectAs(test, player.idToken);
    await client.ok({ t: 'listen', path: `players/${player.id}/connection` });
    await reportUp(client, player.id, `session-${player.id}`);
    clients.push(client);
  }
  expect(test.app.realtimeHub.stats()).toMatchObject({ connections: FLEET, listeners: FLEET });
  expect(await armedRows(test)).toHaveLength(FLEET);

  test.clock.advance(5000);
  const droppedAt = test.clock();
  for (const client of clients) client.socket.terminate();

  await expect
    .poll(() => test.app.realtimeHub.stats(), { timeout: 20_000 })
    .toMatchObject({ connections: 0, documents: 0, listeners: 0 });
  await expect.poll(() => armedRows(test), { timeout: 20_000 }).toEqual([]);
  for (const player of players) {
    const record = await test.app.services.documents.get(`players/${player.id}/connection`);
    // Nulls are not stored: the record as the player reads it.
    expect(record.value).toEqual({ connected: false, disconnected_at: droppedAt });
  }
});
