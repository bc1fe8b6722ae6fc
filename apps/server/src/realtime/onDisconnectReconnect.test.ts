// A player that reconnects while its old connection's onDisconnect actions are being fired (onDisconnect.ts, a
// reconnect storm: every screen drops after a network blip and is back within a quarter of a second). The old
// "went away" record must never land after the new connection's "connected" one: the screen is up, its presence
// must say so, with the new connection's id.

import type { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { SERVER_TIMESTAMP } from '@marquee/protocol';
import {
  armedRows,
  connectedRecord,
  crashedNode,
  DISCONNECTED_RECORD,
  reportUp,
} from '../../test/harness/presence';
import {
  appPerTest,
  connectAs,
  newPlayer,
  type RealtimePlayer,
  type WireClient,
} from '../../test/harness/realtime';
import { newId } from '../ids';
import { armedRowsFor } from './armedRows';
import { BURST_STARTS, DisconnectPacing } from './disconnectPacing';
import type { DocumentStore } from './documentStore';
import { NODE_LEASE_MS } from './nodeLease';
import { DisconnectActions, type ArmedAction } from './onDisconnect';
import type { Principal } from './rules';

const fixture = appPerTest();

const connectionPath = (playerId: string) => `players/${playerId}/connection`;

const stored = async (playerId = fixture.player.id) =>
  (await fixture.test.app.services.documents.get(connectionPath(playerId))).value;

/** Armed rows a closing connection has claimed (renamed to `{node}~{connection}`) while it runs them. */
const claimedRows = async () => (await armedRows(fixture.test)).filter((row) => row.node_id.includes('~'));

/** An observer's events of the player's record that say it went away. */
const wentAway = (observer: WireClient, playerId = fixture.player.id) =>
  observer
    .eventsOf(connectionPath(playerId))
    .filter((event) => (event.value as { connected?: boolean } | null)?.connected === false);

async function observe(player: RealtimePlayer): Promise<WireClient> {
  const observer = await connectAs(fixture.test, player.idToken);
  await observer.ok({ t: 'listen', path: connectionPath(player.id) });
  return observer;
}

it("keeps the new connection's record when the old connection closes between the record and the arming", async () => {
  const { test, player } = fixture;
  const path = connectionPath(player.id);
  const old = await connectAs(test, player.idToken);
  await reportUp(old, player.id, 'old');
  const observer = await observe(player);
  test.clock.advance(1000);

  // The player is back on a new socket and has written its record, but has not armed its action yet...
  const fresh = await connectAs(test, player.idToken);
  await fresh.ok({ t: 'od', action: 'cancel', path });
  await fresh.ok({ t: 'set', path, value: connectedRecord('fresh') });
  // ...when its old socket is found closed: the old connection's action waits for it (before the fix, it ran).
  test.clock.advance(1000);
  old.socket.terminate();
  await expect.poll(() => test.app.realtimeHub.disconnects.closingOf(player.id)).toBe(1);

  await fresh.ok({ t: 'od', action: 'set', path, value: DISCONNECTED_RECORD });
  // The old action is gone (skipped), the new one stays armed, and the record is the new connection's.
  await expect.poll(async () => (await armedRows(test)).length).toBe(1);
  expect(await claimedRows()).toEqual([]);
  expect(await stored()).toEqual({ connected: true, connected_at: test.clock() - 1000, id: 'fresh' });
  expect(wentAway(observer)).toEqual([]);

  // The player goes away for good: its action runs.
  await fresh.close();
  await expect.poll(() => stored()).toMatchObject({ connected: false });
});

it('runs the old action once the newer connection closes without arming', async () => {
  const { test, player } = fixture;
  const path = connectionPath(player.id);
  const old = await connectAs(test, player.idToken);
  await reportUp(old, player.id, 'old');
  test.clock.advance(1000);
  const fresh = await connectAs(test, player.idToken);
  await fresh.ok({ t: 'set', path, value: connectedRecord('fresh') });
  old.socket.terminate();
  await expect.poll(() => test.app.realtimeHub.disconnects.closingOf(player.id)).toBe(1);
  expect(await stored()).toMatchObject({ connected: true, id: 'fresh' });

  // The new connection goes too, before it armed anything: no one is connected, the old action runs.
  test.clock.advance(1000);
  await fresh.close();
  await expect.poll(() => stored()).toEqual({ connected: false, disconnected_at: test.clock() });
  await expect.poll(() => armedRows(test)).toEqual([]);
});

it('waits for the newest connection when the player came back twice before arming', async () => {
  const { test, player } = fixture;
  const path = connectionPath(player.id);
  const old = await connectAs(test, player.idToken);
  await reportUp(old, player.id, 'old');
  const observer = await observe(player);
  test.clock.advance(1000);
  const first = await connectAs(test, player.idToken);
  const second = await connectAs(test, player.idToken);
  await first.ok({ t: 'set', path, value: connectedRecord('first') });
  await second.ok({ t: 'od', action: 'cancel', path });
  await second.ok({ t: 'set', path, value: connectedRecord('second') });
  old.socket.terminate();
  await expect.poll(() => test.app.realtimeHub.disconnects.closingOf(player.id)).toBe(1);

  // The first comeback drops before it armed; the second one arms: the old action is superseded by it.
  first.socket.terminate();
  await second.ok({ t: 'od', action: 'set', path, value: DISCONNECTED_RECORD });
  await expect.poll(async () => (await armedRows(test)).length).toBe(1);
  expect(await claimedRows()).toEqual([]);
  expect(await stored()).toMatchObject({ connected: true, id: 'second' });
  expect(wentAway(observer)).toEqual([]);
  await second.close();
});

it('ends every player of a reconnect storm connected with its new connection id', async () => {
  const { test } = fixture;
  const players = [fixture.player, ...(await Promise.all(Array.from({ length: 19 }, () => newPlayer(test))))];
  const olds = await Promise.all(players.map((player) => connectAs(test, player.idToken)));
  await Promise.all(players.map((player, index) => reportUp(olds[index]!, player.id, `old-${index}`)));
  test.clock.advance(1000);

  // Every screen is back on a new socket while the hub has not yet seen its old one close (the blip left it open),
  // and runs presence on it (cancel, connected record, arm). Each old socket closes between the new one's record
  // and its arming, 0 to 19 ms before it arms: the old connection's check and the arming cross in every order.
  const fresh = await Promise.all(players.map((player) => connectAs(test, player.idToken)));
  await Promise.all(
    players.map(async (player, index) => {
      const client = fresh[index]!;
      const path = connectionPath(player.id);
      await client.ok({ t: 'od', action: 'cancel', path });
      await client.ok({ t: 'set', path, value: connectedRecord(`new-${index}`) });
      olds[index]!.socket.terminate();
      await new Promise((resolve) => setTimeout(resolve, index));
      await client.ok({ t: 'od', action: 'set', path, value: DISCONNECTED_RECORD });
    }),
  );

  // Every old connection's action has been dealt with (run or skipped), and each player has one armed action.
  await expect.poll(async () => (await armedRows(test)).length, { timeout: 15_000 }).toBe(players.length);
  const records = await Promise.all(players.map((player) => stored(player.id)));
  expect(records).toEqual(
    players.map((_, index) => expect.objectContaining({ connected: true, id: `new-${index}` })),
  );
  await Promise.all(fresh.map((client) => client.close()));
});

it('holds the old actions from the moment a request to arm is received until it is answered', async () => {
  const { test, player } = fixture;
  const path = connectionPath(player.id);
  const { disconnects } = test.app.realtimeHub;
  const seen: string[] = [];
  const received = disconnects.armReceived.bind(disconnects);
  const settled = disconnects.armSettled.bind(disconnects);
  const persist = disconnects.persist.bind(disconnects);
  // The node's DisconnectActions (this test's app alone) as the connection drives it.
  disconnects.armReceived = (connectionId, at) => (seen.push(`received ${at}`), received(connectionId, at));
  disconnects.armSettled = (connectionId, at) => (seen.push(`settled ${at}`), settled(connectionId, at));
  disconnects.persist = (connectionId, actions) => (seen.push('persist'), persist(connectionId, actions));
  const client = await connectAs(test, player.idToken);
  // A path written loosely is held under the normalized path the arming uses.
  await client.ok({ t: 'od', action: 'set', path: `/${path}/`, value: DISCONNECTED_RECORD });
  const refused = await client.request({ t: 'od', action: 'set', path, value: { connected: 'yes' } });
  expect(refused).toMatchObject({ ok: false });
  await client.ok({ t: 'od', action: 'cancel', path });
  expect(seen).toEqual([
    `received ${path}`,
    'persist',
    `settled ${path}`,
    `received ${path}`,
    `settled ${path}`,
  ]);
  await client.close();
});

describe('an action the client restores on reconnect and presence cancels at once', () => {
  /** Sends `requests` in one write, as a client restores what it had once it is back (packages/realtime). */
  function burst(client: WireClient, requests: Parameters<WireClient['post']>[0][]): number[] {
    const tcp = (client.socket as unknown as { _socket: Socket })._socket;
    tcp.cork();
    const ids = requests.map((request) => client.post(request));
    tcp.uncork();
    return ids;
  }

  /** What the node's DisconnectActions are asked to write: each persist's paths (if any), each cancel's count. */
  function writesAsked(): string[] {
    const { disconnects } = fixture.test.app.realtimeHub;
    const asked: string[] = [];
    const persist = disconnects.persist.bind(disconnects);
    const cancel = disconnects.cancel.bind(disconnects);
    disconnects.persist = (connectionId, actions) => {
      if (actions.length > 0) asked.push(`persist ${actions.map((action) => action.path).join(' ')}`);
      return persist(connectionId, actions);
    };
    disconnects.cancel = (ids) => {
      asked.push(`cancel ${ids.length}`);
      return cancel(ids);
    };
    return asked;
  }

  it('is armed and answered but never written when the cancel came with it; the new action is', async () => {
    const { test, player } = fixture;
    const path = connectionPath(player.id);
    const asked = writesAsked();
    const client = await connectAs(test, player.idToken);
    const answers = await Promise.all(
      burst(client, [
        { t: 'od', action: 'set', path, value: DISCONNECTED_RECORD },
        { t: 'od', action: 'cancel', path },
        { t: 'set', path, value: connectedRecord('fresh') },
        { t: 'od', action: 'set', path, value: DISCONNECTED_RECORD },
      ]).map((r) => client.answerTo(r)),
    );
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, true]);
    expect(asked).toEqual([`persist ${path}`]);
    expect(await armedRows(test)).toHaveLength(1);

    // The screen goes away: its one action runs, once.
    test.clock.advance(1000);
    await client.close();
    await expect.poll(() => stored()).toEqual({ connected: false, disconnected_at: test.clock() });
    await expect.poll(() => armedRows(test)).toEqual([]);
  });

  it('is not persisted again when the node loses its lease before the cancel that came with it is handled', async () => {
    const { test, player } = fixture;
    const path = connectionPath(player.id);
    const hub = test.app.realtimeHub;
    const { disconnects } = hub;
    const asked = writesAsked();
    // The arming is held once armed, before its answer: the node finds its lease lost meanwhile and persists its
    // connections' actions again.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let armed!: () => void;
    const armedNow = new Promise<void>((resolve) => {
      armed = resolve;
    });
    const previousWrites = disconnects.previousWrites.bind(disconnects);
    disconnects.previousWrites = async (action) => {
      armed();
      await held;
      return previousWrites(action);
    };
    hub.lease.renew = async () => false;
    const client = await connectAs(test, player.idToken);
    const ids = burst(client, [
      { t: 'od', action: 'set', path, value: DISCONNECTED_RECORD },
      { t: 'od', action: 'cancel', path },
    ]);
    await armedNow;
    await hub.sweep();
    release();
    expect((await Promise.all(ids.map((r) => client.answerTo(r)))).every((answer) => answer.ok)).toBe(true);
    // Persisted again: nothing of this connection (its one action was cancelled before it was ever written).
    expect(asked).toEqual([]);
    expect(await armedRows(test)).toEqual([]);
    await client.close();
  });

  it('is written, then deleted, when the cancel is sent only once the arming was answered', async () => {
    const { test, player } = fixture;
    const path = connectionPath(player.id);
    const asked = writesAsked();
    const client = await connectAs(test, player.idToken);
    await client.ok({ t: 'od', action: 'set', path, value: DISCONNECTED_RECORD });
    await client.ok({ t: 'od', action: 'cancel', path });
    expect(asked).toEqual([`persist ${path}`, 'cancel 1']);
    expect(await armedRows(test)).toEqual([]);
    await client.close();
  });

  it('is written when the cancel that came with it is for a path below it; skipped for one above', async () => {
    const { test, player } = fixture;
    const path = connectionPath(player.id);
    const asked = writesAsked();
    const client = await connectAs(test, player.idToken);
    const below = burst(client, [
      { t: 'od', action: 'set', path, value: DISCONNECTED_RECORD },
      { t: 'od', action: 'cancel', path: `${path}/id` },
    ]);
    expect((await Promise.all(below.map((r) => client.answerTo(r)))).every((answer) => answer.ok)).toBe(true);
    expect(asked).toEqual([`persist ${path}`]);
    expect(await armedRows(test)).toHaveLength(1);

    const above = burst(client, [
      { t: 'od', action: 'set', path, value: DISCONNECTED_RECORD },
      { t: 'od', action: 'cancel', path: `players/${player.id}` },
    ]);
    expect((await Promise.all(above.map((r) => client.answerTo(r)))).every((answer) => answer.ok)).toBe(true);
    // The cancel removed both: the first one from the database, the second one before it was ever written.
    expect(asked).toEqual([`persist ${path}`, 'cancel 1']);
    expect(await armedRows(test)).toEqual([]);
    test.clock.advance(1000);
    await client.close();
    expect(await stored()).toBeNull();
  });
});

describe('a closing connection of this node and the newer connections of its player', () => {
  /** A DisconnectActions of the test's node (its rows count as live), with `successorWaitMs`. */
  function disconnects(
    successorWaitMs: number,
    documents: DocumentStore = fixture.test.app.services.documents,
  ) {
    const { test } = fixture;
    const errors: unknown[] = [];
    const rows = armedRowsFor(test.app.services.database);
    const pacing = new DisconnectPacing({ settingUp: () => true });
    const actions = new DisconnectActions({
      db: test.app.services.db,
      rows,
      documents,
      rules: test.app.realtimeHub.rules,
      nodeId: test.app.realtimeHub.nodeId,
      clock: test.clock,
      onError: (error) => errors.push(error),
      successorWaitMs,
      pacing,
    });
    return { actions, errors, rows, pacing };
  }

  const principal = (): Principal => ({ kind: 'player', uid: fixture.player.id });

  /** The player's "went away" action, armed (persisted and stamped) by `connectionId`. */
  async function armWentAway(actions: DisconnectActions, connectionId: string): Promise<ArmedAction> {
    const action: ArmedAction = {
      id: newId(),
      seq: 1,
      armedAt: fixture.test.clock(),
      path: connectionPath(fixture.player.id),
      op: { action: 'set', value: { connected: false, disconnected_at: SERVER_TIMESTAMP } },
      principal: principal(),
    };
    await actions.persist(connectionId, [action]);
    return actions.armedLocally(connectionId, action);
  }

  /** The connection closes and fires its actions; answers their number applied and how long it took. */
  async function close(actions: DisconnectActions, connectionId: string, armed: readonly ArmedAction[]) {
    const started = performance.now();
    actions.left(connectionId);
    const applied = await actions.fire(connectionId, armed);
    return { applied, ms: performance.now() - started };
  }

  /** The player's connection record, as a connection writes it. */
  const record = () => [['players', fixture.player.id, 'connection']];

  it('runs the action after the wait when a newer connection wrote the record but never arms', async () => {
    const { actions, errors } = disconnects(300);
    const old = await armWentAway(actions, 'old');
    actions.wrote('fresh', principal(), record());
    const { applied, ms } = await close(actions, 'old', [old]);
    expect(applied).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(await stored()).toEqual({ connected: false, disconnected_at: fixture.test.clock() });
    expect(errors).toEqual([]);
  });

  it('waits just as long for a write made once the old connection had closed and its action was being fired', async () => {
    const { actions, errors } = disconnects(300);
    const old = await armWentAway(actions, 'old');
    const started = performance.now();
    actions.left('old');
    const closing = actions.fire('old', [old]);
    // No live connection of the player holds an action any more: only the one being fired can wait for this write.
    actions.wrote('fresh', principal(), record());
    expect(await closing).toBe(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(errors).toEqual([]);
  });

  it('does not wait for a write before the action was armed, nor for one elsewhere in the document', async () => {
    const { actions } = disconnects(60_000);
    actions.wrote('other tab', principal(), record());
    const old = await armWentAway(actions, 'old');
    actions.wrote('fresh', principal(), [['players', fixture.player.id, 'device']]);
    const { applied, ms } = await close(actions, 'old', [old]);
    expect(applied).toBe(1);
    expect(ms).toBeLessThan(5000);
  });

  it('skips the action as soon as the newer connection arms the same path, without asking the database', async () => {
    const { actions, rows } = disconnects(60_000);
    const claims = vi.spyOn(rows, 'claim');
    const old = await armWentAway(actions, 'old');
    actions.wrote('fresh', principal(), record());
    const closing = close(actions, 'old', [old]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(actions.closingOf(fixture.player.id)).toBe(1);
    await armWentAway(actions, 'fresh');
    expect((await closing).applied).toBe(0);
    expect((await armedRows(fixture.test)).map((row) => row.connection_id)).toEqual(['fresh']);
    // Decided on this node alone: the old rows were deleted, never claimed for a check.
    expect(claims).not.toHaveBeenCalled();
  });

  it('waits for a newer connection from its authentication on, and skips once it arms', async () => {
    const { actions, rows, pacing } = disconnects(60_000);
    const claims = vi.spyOn(rows, 'claim');
    const old = await armWentAway(actions, 'old');
    // A storm: the closing connections that start at once are used up; this one waits for its start.
    pacing.churned();
    for (let index = 0; index < BURST_STARTS; index++) pacing.start();
    const closing = close(actions, 'old', [old]);
    // The screen is back: authenticated, its record and its arming still to come (seconds, on a loaded node).
    actions.authenticated('fresh', principal());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(actions.closingOf(fixture.player.id)).toBe(1);
    actions.wrote('fresh', principal(), record());
    await armWentAway(actions, 'fresh');
    expect((await closing).applied).toBe(0);
    expect(claims).not.toHaveBeenCalled();
    expect(await stored()).toBeNull();
  });

  it('runs the action after the wait when the newer connection authenticated and never arms', async () => {
    const { actions } = disconnects(300);
    const old = await armWentAway(actions, 'old');
    const closing = close(actions, 'old', [old]);
    actions.authenticated('fresh', principal());
    const { applied, ms } = await closing;
    expect(applied).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(await stored()).toEqual({ connected: false, disconnected_at: fixture.test.clock() });
  });

  it('does not wait for a connection of the player that authenticated before the old one closed', async () => {
    const { actions } = disconnects(60_000);
    const old = await armWentAway(actions, 'old');
    // A second socket of the player, open while the first was live (one that only watches): not its return.
    actions.authenticated('watcher', principal());
    const { applied, ms } = await close(actions, 'old', [old]);
    expect(applied).toBe(1);
    expect(ms).toBeLessThan(5000);
  });

  it("tells while a request to arm is unanswered (the node's pacing counts it as churn)", () => {
    const { actions } = disconnects(60_000);
    const path = connectionPath(fixture.player.id);
    expect(actions.armsPending()).toBe(false);
    actions.armReceived('fresh', path);
    actions.armReceived('other', path);
    actions.armSettled('fresh', path);
    expect(actions.armsPending()).toBe(true);
    actions.armSettled('other', path);
    expect(actions.armsPending()).toBe(false);
  });

  it('holds past the wait while the newer connection has not answered its request to arm, then skips', async () => {
    const { actions } = disconnects(100);
    const old = await armWentAway(actions, 'old');
    actions.wrote('fresh', principal(), record());
    // The newcomer has received its request to arm; on a loaded node answering it takes longer than the wait.
    actions.armReceived('fresh', connectionPath(fixture.player.id));
    let settled = false;
    const closing = close(actions, 'old', [old]).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(settled).toBe(false);
    await armWentAway(actions, 'fresh');
    actions.armSettled('fresh', connectionPath(fixture.player.id));
    expect((await closing).applied).toBe(0);
    expect(await stored()).toBeNull();
  });

  it("runs the held action once the newer connection's arming fails and the wait is over", async () => {
    const { actions } = disconnects(100);
    const old = await armWentAway(actions, 'old');
    actions.wrote('fresh', principal(), record());
    actions.armReceived('fresh', connectionPath(fixture.player.id));
    const closing = close(actions, 'old', [old]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    actions.armSettled('fresh', connectionPath(fixture.player.id)); // refused (its value does not fit, say)
    expect((await closing).applied).toBe(1);
    expect(await stored()).toEqual({ connected: false, disconnected_at: fixture.test.clock() });
  });

  it('checks the database again after the wait: the player may have armed on another node meanwhile', async () => {
    const { test, player } = fixture;
    const { actions } = disconnects(60_000);
    const old = await armWentAway(actions, 'old');
    actions.wrote('fresh', principal(), record());
    const closing = close(actions, 'old', [old]);
    // Another live node holds the player's newer action; the local newcomer leaves without arming.
    await crashedNode(test, NODE_LEASE_MS, [
      { id: 'elsewhere', playerId: player.id, connectionId: 'elsewhere', armedAt: test.clock() + 1 },
    ]);
    actions.left('fresh');
    expect((await closing).applied).toBe(0);
  });

  it('answers an arming only once the "went away" writes already queued for the path are committed', async () => {
    const { test } = fixture;
    const store = test.app.services.documents;
    let queued!: () => void;
    const writeQueued = new Promise<void>((resolve) => {
      queued = resolve;
    });
    // The store as the actions see it: it tells when the old action's write is queued.
    const documents = Object.create(store, {
      set: {
        value: (...args: Parameters<DocumentStore['set']>) => {
          const written = store.set(...args);
          queued();
          return written;
        },
      },
    }) as DocumentStore;
    const { actions } = disconnects(60_000, documents);
    const old = await armWentAway(actions, 'old');
    const closing = close(actions, 'old', [old]);
    await writeQueued;
    // The player is back only now: the old write is queued already, and commits before the arming is answered.
    actions.wrote('fresh', principal(), record());
    const fresh = await armWentAway(actions, 'fresh');
    await actions.previousWrites(fresh);
    expect(await stored()).toEqual({ connected: false, disconnected_at: test.clock() });
    expect((await closing).applied).toBe(1);
  });
});
