// Scale-out safety of onDisconnect (docs/protocols/realtime.md §onDisconnect) through a running hub: the armed
// actions of a node whose lease expired are run by the survivor's sweep, and a node that finds its own lease lost
// persists its actions again.

import { expect, it } from 'vitest';
import { armedRows, crashedNode } from '../../test/harness/presence';
import { appPerTest, connectAs } from '../../test/harness/realtime';
import { NODE_LEASE_MS } from './nodeLease';

const fixture = appPerTest();

it('runs the armed actions of a node whose lease expired, once, and tells the listeners', async () => {
  const { test, player, base } = fixture;
  const path = `${base}/connection`;
  await crashedNode(test, NODE_LEASE_MS, [{ id: 'armed-1', playerId: player.id }]);
  const observer = await connectAs(test, player.idToken);
  await observer.ok({ t: 'listen', path });

  expect(await test.app.realtimeHub.sweep()).toBe(0); // the lease still runs
  test.clock.advance(NODE_LEASE_MS + 1);
  expect(await test.app.realtimeHub.sweep()).toBe(1);
  const [, event] = await observer.eventCount(path, 2);
  expect(event?.value).toEqual({ connected: false, disconnected_at: test.clock() });
  expect(await armedRows(test)).toEqual([]);
  expect(await test.app.services.db.selectFrom('server_nodes').select('id').execute()).toEqual([
    { id: test.app.realtimeHub.nodeId },
  ]);
  expect(await test.app.realtimeHub.sweep()).toBe(0);
});

it('persists its armed actions again when it finds its lease lost', async () => {
  const { test, player, base } = fixture;
  const client = await connectAs(test, player.idToken);
  const path = `${base}/connection/connected`;
  await client.ok({ t: 'od', action: 'set', path, value: false });
  // Another node found our lease expired, removed it and ran (and deleted) our rows.
  await test.app.services.db.deleteFrom('server_nodes').execute();
  await test.app.services.db.deleteFrom('armed_disconnects').execute();
  expect(await test.app.realtimeHub.sweep()).toBe(0);
  expect(await armedRows(test)).toMatchObject([{ node_id: test.app.realtimeHub.nodeId, path }]);
  await client.close();
  await expect.poll(() => armedRows(test)).toEqual([]);
  expect((await test.app.services.documents.get(path)).value).toBe(false);
});
