// A player that came back supersedes its old connection's onDisconnect actions (onDisconnect.ts): the "went away"
// write of a socket that died silently, or of a node that died, must not overwrite the presence of the player's
// new connection. Without a live successor the actions run as always.

import { expect, it } from 'vitest';
import { armedRows, crashedNode, reportUp } from '../../test/harness/presence';
import { appPerTest, connectAs, newPlayer } from '../../test/harness/realtime';
import { NODE_LEASE_MS } from './nodeLease';

const fixture = appPerTest();

const stored = async (playerId = fixture.player.id) =>
  (await fixture.test.app.services.documents.get(`players/${playerId}/connection`)).value;

it("skips a closed connection's action when the player has armed the same path from a live connection", async () => {
  const { test, player } = fixture;
  const old = await connectAs(test, player.idToken);
  await reportUp(old, player.id, 'old');
  test.clock.advance(1000);
  const fresh = await connectAs(test, player.idToken);
  await reportUp(fresh, player.id, 'fresh');

  // The old socket is found dead only now (its idle timeout): the player is connected through the new one.
  old.socket.terminate();
  await expect.poll(async () => (await armedRows(test)).length).toBe(1);
  expect(await stored()).toMatchObject({ connected: true, id: 'fresh' });

  // Without a successor, the action runs.
  await fresh.close();
  await expect.poll(() => stored()).toMatchObject({ connected: false });
  // The row goes once the action's write has committed, a moment after the write shows.
  await expect.poll(() => armedRows(test)).toEqual([]);
});

it('runs at least the last action when two connections of one player close at once', async () => {
  const { test, player } = fixture;
  const first = await connectAs(test, player.idToken);
  await reportUp(first, player.id, 'first');
  test.clock.advance(1000);
  const second = await connectAs(test, player.idToken);
  await reportUp(second, player.id, 'second');
  first.socket.terminate();
  second.socket.terminate();
  await expect.poll(() => armedRows(test)).toEqual([]);
  expect(await stored()).toMatchObject({ connected: false });
});

it("does not let another player's live action supersede", async () => {
  const { test, player } = fixture;
  const other = await newPlayer(test);
  const otherClient = await connectAs(test, other.idToken);
  await reportUp(otherClient, other.id, 'other');
  const client = await connectAs(test, player.idToken);
  await reportUp(client, player.id, 'only');
  await client.close();
  await expect.poll(() => stored()).toMatchObject({ connected: false });
  await otherClient.close();
});

it("runs a closing connection's action at once although a dead node still holds the player's older one", async () => {
  const { test, player } = fixture;
  // A node died holding the player's previous connection; its lease has not expired yet.
  await crashedNode(test, NODE_LEASE_MS, [
    { id: 'o-1', playerId: player.id, connectionId: 'lost', armedAt: test.clock() - 60_000 },
  ]);
  const client = await connectAs(test, player.idToken);
  await reportUp(client, player.id, 'back');
  await client.close();
  await expect.poll(() => stored()).toMatchObject({ connected: false });
});

it("skips a dead node's action for a player that came back to a live node, and runs the others", async () => {
  const { test, player: returning } = fixture;
  const gone = await newPlayer(test);
  await crashedNode(test, NODE_LEASE_MS, [
    { id: 'o-1', playerId: returning.id },
    { id: 'o-2', playerId: gone.id },
  ]);

  // The returning player reconnected to this (live) node and re-armed its presence.
  const client = await connectAs(test, returning.idToken);
  await reportUp(client, returning.id, 'back');

  test.clock.advance(NODE_LEASE_MS + 1);
  expect(await test.app.realtimeHub.sweep()).toBe(1);
  expect(await stored()).toMatchObject({ connected: true, id: 'back' });
  expect(await stored(gone.id)).toEqual({ connected: false, disconnected_at: test.clock() });
  expect((await armedRows(test)).map((row) => row.connection_id)).toEqual([
    expect.not.stringMatching(/^lost-/),
  ]);
  await client.close();
});
