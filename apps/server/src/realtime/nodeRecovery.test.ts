// Scale-out safety of onDisconnect (DESIGN.md §6) through a running hub: the armed actions of a node whose lease
// expired are run by the survivor's sweep, and a node that finds its own lease lost persists its actions again.

import { afterEach, beforeEach, expect, it } from 'vitest';
import { SERVER_TIMESTAMP } from '@marquee/protocol';
import {
  connectAs,
  newPlayer,
  startRealtimeApp,
  type RealtimePlayer,
  type RealtimeTestApp,
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

it('runs the armed actions of a node whose lease expired, once, and tells the listeners', async () => {
  const { db } = test.app.services;
  const path = `players/${player.id}/connection`;
  await db
    .insertInto('server_nodes')
    .values({ id: 'crashed', started_at: 0, lease_expires_at: test.clock() + NODE_LEASE_MS })
    .execute();
  await db
    .insertInto('armed_disconnects')
    .values({
      id: 'armed-1',
      node_id: 'crashed',
      connection_id: 'lost-socket',
      player_id: player.id,
      path,
      op: JSON.stringify({
        seq: 1,
        action: 'set',
        value: { connected: false, disconnected_at: SERVER_TIMESTAMP },
        principal: { kind: 'player', uid: player.id },
      }),
      created_at: 0,
    })
    .execute();
  const observer = await connectAs(test, player.idToken);
  await observer.ok({ t: 'listen', path });

  expect(await test.app.realtimeHub.sweep()).toBe(0); // the lease still runs
  test.clock.advance(NODE_LEASE_MS + 1);
  expect(await test.app.realtimeHub.sweep()).toBe(1);
  const [, event] = await observer.eventCount(path, 2);
  expect(event?.value).toEqual({ connected: false, disconnected_at: test.clock() });
  expect(await rows()).toEqual([]);
  expect(await db.selectFrom('server_nodes').select('id').execute()).toEqual([
    { id: test.app.realtimeHub.nodeId },
  ]);
  expect(await test.app.realtimeHub.sweep()).toBe(0);
});

it('persists its armed actions again when it finds its lease lost', async () => {
  const client = await connectAs(test, player.idToken);
  const path = `players/${player.id}/connection/connected`;
  await client.ok({ t: 'od', action: 'set', path, value: false });
  // Another node found our lease expired, removed it and ran (and deleted) our rows.
  await test.app.services.db.deleteFrom('server_nodes').execute();
  await test.app.services.db.deleteFrom('armed_disconnects').execute();
  expect(await test.app.realtimeHub.sweep()).toBe(0);
  expect(await rows()).toMatchObject([{ node_id: test.app.realtimeHub.nodeId, path }]);
  await client.close();
  await expect.poll(rows).toEqual([]);
  expect((await test.app.services.documents.get(path)).value).toBe(false);
});
