// A player that came back supersedes its old connection's onDisconnect actions (onDisconnect.ts): the "went away"
// write of a socket that died silently, or of a node that died, must not overwrite the presence of the player's
// new connection. Without a live successor the actions run as always.

import { afterEach, beforeEach, expect, it } from 'vitest';
import { SERVER_TIMESTAMP } from '@marquee/protocol';
import {
  connectAs,
  newPlayer,
  startRealtimeApp,
  type RealtimePlayer,
  type RealtimeTestApp,
  type WireClient,
} from '../../test/harness/realtime';
import { NODE_LEASE_MS } from './nodeLease';

let test: RealtimeTestApp;
let player: RealtimePlayer;
beforeEach(async () => {
  test = await startRealtimeApp();
  player = await newPlayer(test);
});
afterEach(async () => {
  await test.close();
});

const rows = () => test.app.services.db.selectFrom('armed_disconnects').selectAll().execute();
const connectionPath = () => `players/${player.id}/connection`;
const stored = async () => (await test.app.services.documents.get(connectionPath())).value;

/** What trackPresence does when the database reports up: write "connected", arm "went away". */
async function presence(client: WireClient, id: string): Promise<void> {
  await client.ok({
    t: 'set',
    path: connectionPath(),
    value: { connected: true, connected_at: SERVER_TIMESTAMP, id },
  });
  await client.ok({
    t: 'od',
    action: 'set',
    path: connectionPath(),
    value: { connected: false, disconnected_at: SERVER_TIMESTAMP },
  });
}

it("skips a closed connection's action when the player has armed the same path from a live connection", async () => {
  const old = await connectAs(test, player.idToken);
  await presence(old, 'old');
  test.clock.advance(1000);
  const fresh = await connectAs(test, player.idToken);
  await presence(fresh, 'fresh');

  // The old socket is found dead only now (its idle timeout): the player is connected through the new one.
  old.socket.terminate();
  await expect.poll(async () => (await rows()).length).toBe(1);
  expect(await stored()).toMatchObject({ connected: true, id: 'fresh' });

  // Without a successor, the action runs.
  await fresh.close();
  await expect.poll(stored).toMatchObject({ connected: false });
  expect(await rows()).toEqual([]);
});

it('runs at least the last action when two connections of one player close at once', async () => {
  const first = await connectAs(test, player.idToken);
  await presence(first, 'first');
  test.clock.advance(1000);
  const second = await connectAs(test, player.idToken);
  await presence(second, 'second');
  first.socket.terminate();
  second.socket.terminate();
  await expect.poll(rows).toEqual([]);
  expect(await stored()).toMatchObject({ connected: false });
});

it("does not let another player's live action supersede", async () => {
  const other = await newPlayer(test);
  const otherClient = await connectAs(test, other.idToken);
  await otherClient.ok({
    t: 'od',
    action: 'set',
    path: `players/${other.id}/connection`,
    value: { connected: false },
  });
  const client = await connectAs(test, player.idToken);
  await presence(client, 'only');
  await client.close();
  await expect.poll(stored).toMatchObject({ connected: false });
  await otherClient.close();
});

it("runs a closing connection's action at once although a dead node still holds the player's older one", async () => {
  const { db } = test.app.services;
  // A node died holding the player's previous connection; its lease has not expired yet.
  await db
    .insertInto('server_nodes')
    .values({ id: 'crashed', started_at: 0, lease_expires_at: test.clock() + NODE_LEASE_MS })
    .execute();
  await db
    .insertInto('armed_disconnects')
    .values({
      id: 'o-1',
      node_id: 'crashed',
      connection_id: 'lost',
      player_id: player.id,
      path: connectionPath(),
      op: JSON.stringify({
        seq: 1,
        action: 'set',
        value: { connected: false },
        principal: { kind: 'player', uid: player.id },
      }),
      created_at: test.clock() - 60_000,
    })
    .execute();
  const client = await connectAs(test, player.idToken);
  await presence(client, 'back');
  await client.close();
  await expect.poll(stored).toMatchObject({ connected: false });
});

it("skips a dead node's action for a player that came back to a live node, and runs the others", async () => {
  const { db } = test.app.services;
  const returning = player;
  const gone = await newPlayer(test);
  await db
    .insertInto('server_nodes')
    .values({ id: 'crashed', started_at: 0, lease_expires_at: test.clock() + NODE_LEASE_MS })
    .execute();
  const orphan = (id: string, playerId: string) => ({
    id,
    node_id: 'crashed',
    connection_id: `lost-${playerId}`,
    player_id: playerId,
    path: `players/${playerId}/connection`,
    op: JSON.stringify({
      seq: 1,
      action: 'set',
      value: { connected: false, disconnected_at: SERVER_TIMESTAMP },
      principal: { kind: 'player', uid: playerId },
    }),
    created_at: 0,
  });
  await db
    .insertInto('armed_disconnects')
    .values([orphan('o-1', returning.id), orphan('o-2', gone.id)])
    .execute();

  // The returning player reconnected to this (live) node and re-armed its presence.
  const client = await connectAs(test, returning.idToken);
  await presence(client, 'back');

  test.clock.advance(NODE_LEASE_MS + 1);
  expect(await test.app.realtimeHub.sweep()).toBe(1);
  expect(await stored()).toMatchObject({ connected: true, id: 'back' });
  expect((await test.app.services.documents.get(`players/${gone.id}/connection`)).value).toEqual({
    connected: false,
    disconnected_at: test.clock(),
  });
  expect((await rows()).map((row) => row.connection_id)).toEqual([expect.not.stringMatching(/^lost-/)]);
  await client.close();
});
