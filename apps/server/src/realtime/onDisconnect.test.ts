import { describe, expect, it } from 'vitest';
import { SERVER_TIMESTAMP } from '@marquee/protocol';
import { describeOnBothEngines } from '../../test/harness/databases';
import { testClock } from '../../test/harness/app';
import type { DatabaseHandle } from '../db/database';
import { newId } from '../ids';
import { armedRowsFor } from './armedRows';
import { DocumentStore } from './documentStore';
import { DisconnectActions, ownerOf, writtenPaths, type ArmedAction } from './onDisconnect';
import { InProcessPubSub } from './pubsub';
import { RealtimeRules, type Principal } from './rules';

const rules = new RealtimeRules(async () => null);

function setup(database: DatabaseHandle, nodeId = newId()) {
  const clock = testClock();
  const errors: string[] = [];
  const documents = new DocumentStore({ database, pubsub: new InProcessPubSub(), clock });
  const actions = new DisconnectActions({
    db: database.db,
    rows: armedRowsFor(database),
    documents,
    rules,
    nodeId,
    clock,
    onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
  });
  return { clock, errors, documents, actions, nodeId };
}

function action(principal: Principal, path: string, op: ArmedAction['op'], seq: number): ArmedAction {
  return { id: newId(), seq, armedAt: 0, path, op, principal };
}

/** A registered player's document: actions only ever write into an existing one. */
async function existingPlayer(documents: DocumentStore): Promise<string> {
  const player = newId();
  await documents.set(`players/${player}/settings`, { name: 'Lobby' });
  return player;
}

describe('writtenPaths and ownerOf', () => {
  it('names the node of a set, every key of an update, and the node of an empty update', () => {
    const principal: Principal = { kind: 'player', uid: 'p' };
    expect(writtenPaths(action(principal, 'players/p/a', { action: 'set', value: 1 }, 1))).toEqual([
      ['players', 'p', 'a'],
    ]);
    expect(
      writtenPaths(action(principal, 'players/p', { action: 'update', value: { 'a/b': 1, c: null } }, 1)),
    ).toEqual([
      ['players', 'p', 'a', 'b'],
      ['players', 'p', 'c'],
    ]);
    expect(writtenPaths(action(principal, 'players/p', { action: 'update', value: {} }, 1))).toEqual([
      ['players', 'p'],
    ]);
  });

  it('reads the owning node of an adopted claim', () => {
    expect(ownerOf('node1')).toBe('node1');
    expect(ownerOf('node2~claim9')).toBe('node2');
  });
});

describeOnBothEngines('DisconnectActions', (database) => {
  it('persists, cancels and fires, resolving server timestamps when fired', async () => {
    const { actions, documents, clock } = setup(database());
    const player = await existingPlayer(documents);
    const principal: Principal = { kind: 'player', uid: player };
    const connection = newId();
    const first = action(
      principal,
      `players/${player}/connection`,
      { action: 'set', value: { connected: false, disconnected_at: SERVER_TIMESTAMP } },
      1,
    );
    const second = action(
      principal,
      `players/${player}/settings`,
      { action: 'update', value: { name: 'x' } },
      2,
    );
    await actions.persist(connection, [first, second]);
    const rows = () =>
      database()
        .db.selectFrom('armed_disconnects')
        .selectAll()
        .where('connection_id', '=', connection)
        .execute();
    expect(await rows()).toHaveLength(2);
    await actions.cancel([second.id]);
    expect((await rows()).map((row) => row.id)).toEqual([first.id]);
    clock.advance(60_000);
    await actions.fire(connection, [first]);
    expect((await documents.get(`players/${player}/connection`)).value).toEqual({
      connected: false,
      disconnected_at: clock(),
    });
    expect(await rows()).toEqual([]);
  });

  it('checks the rules when an action runs: a refused one is reported and skipped, the others run', async () => {
    const { actions, documents, errors } = setup(database());
    const player = await existingPlayer(documents);
    const principal: Principal = { kind: 'player', uid: player };
    const applied = await actions.run([
      action(principal, `players/${player}/action_flags/reboot`, { action: 'set', value: true }, 1),
      action(
        principal,
        `players/${player}`,
        { action: 'update', value: { 'connection/connected': true, 'app/url': 'x' } },
        2,
      ),
      action(
        { kind: 'operator', uid: 'op', orgId: 'org' },
        `players/${player}/settings/name`,
        { action: 'set', value: 'x' },
        3,
      ),
      action(principal, `players/${player}/settings/mute`, { action: 'set', value: true }, 4),
    ]);
    expect(applied).toBe(1);
    expect((await documents.get(`players/${player}`)).value).toEqual({
      settings: { name: 'Lobby', mute: true },
    });
    expect(errors).toEqual([
      `onDisconnect set at "players/${player}/action_flags/reboot" refused by the rules`,
      `onDisconnect update at "players/${player}" refused by the rules`,
      `onDisconnect set at "players/${player}/settings/name" refused by the rules`,
    ]);
  });

  it('skips an action whose result no longer fits the schema when it runs, and runs the others', async () => {
    const { actions, documents, errors } = setup(database());
    const player = await existingPlayer(documents);
    const principal: Principal = { kind: 'player', uid: player };
    // Armed while the connection record existed; by the time it runs, the record is gone.
    const applied = await actions.run([
      action(principal, `players/${player}/connection/id`, { action: 'set', value: 'c1' }, 1),
      action(principal, `players/${player}/settings/mute`, { action: 'set', value: true }, 2),
    ]);
    expect(applied).toBe(1);
    expect((await documents.get(`players/${player}`)).value).toEqual({
      settings: { name: 'Lobby', mute: true },
    });
    expect(errors).toEqual([`Invalid value at path "players/${player}/connection/connected": is missing`]);
  });

  it('never writes into a document that is gone: a deleted player stays deleted', async () => {
    const { actions, documents } = setup(database());
    const player = await existingPlayer(documents);
    await documents.remove(`players/${player}`); // a hard reset
    const principal: Principal = { kind: 'player', uid: player };
    await actions.run([
      action(
        principal,
        `players/${player}/connection`,
        { action: 'set', value: { connected: false, disconnected_at: SERVER_TIMESTAMP } },
        1,
      ),
      action(principal, `players/${player}`, { action: 'update', value: { 'settings/name': 'Back' } }, 2),
    ]);
    expect(await documents.get(`players/${player}`)).toEqual({ value: null, revision: 2 });
  });

  it("runs a dead node's actions exactly once, in order per connection, when several nodes sweep at once", async () => {
    const dead = setup(database());
    const players = [
      await existingPlayer(dead.documents),
      await existingPlayer(dead.documents),
      await existingPlayer(dead.documents),
    ];
    for (const [index, player] of players.entries()) {
      const principal: Principal = { kind: 'player', uid: player };
      await dead.actions.persist(`conn-${index}`, [
        action(principal, `players/${player}/connection/connected`, { action: 'set', value: true }, 1),
        action(
          principal,
          `players/${player}/connection`,
          { action: 'update', value: { connected: false, disconnected_at: SERVER_TIMESTAMP } },
          2,
        ),
      ]);
    }
    const survivors = [setup(database()), setup(database()), setup(database())];
    const live = new Set(survivors.map((survivor) => survivor.nodeId));
    survivors[0]!.clock.advance(5000);
    const applied = await Promise.all(survivors.map((survivor) => survivor.actions.adoptOrphans(live)));
    expect(applied.reduce((sum, count) => sum + count, 0)).toBe(2 * players.length);
    for (const player of players) {
      const value = (await dead.documents.get(`players/${player}/connection`)).value as Record<
        string,
        unknown
      >;
      expect(value.connected).toBe(false);
      expect(typeof value.disconnected_at).toBe('number');
    }
    const left = await database()
      .db.selectFrom('armed_disconnects')
      .selectAll()
      .where('node_id', 'like', `${dead.nodeId}%`)
      .execute();
    expect(left).toEqual([]);
    expect(await survivors[0]!.actions.adoptOrphans(live)).toBe(0);
  });

  it('adopts the rows of every dead node, however many hold rows and wherever their ids sort among the live', async () => {
    // Node ids sorted: the dead ones before, between and after the live one's, so each is found by its own step.
    const [firstDead, live, middleDead, lastDead] = ['a', 'b', 'c', 'd'].map((prefix) =>
      setup(database(), `${prefix}${newId()}`),
    );
    const players = new Map<string, string>();
    for (const node of [firstDead!, live!, middleDead!, lastDead!]) {
      const player = await existingPlayer(node.documents);
      players.set(node.nodeId, player);
      await node.actions.persist(`conn-${node.nodeId}`, [
        action(
          { kind: 'player', uid: player },
          `players/${player}/connection`,
          { action: 'set', value: { connected: false, disconnected_at: SERVER_TIMESTAMP } },
          1,
        ),
      ]);
    }
    expect(await live!.actions.adoptOrphans(new Set([live!.nodeId]))).toBe(3);
    expect(live!.errors).toEqual([]);
    for (const node of [firstDead!, middleDead!, lastDead!]) {
      const player = players.get(node.nodeId)!;
      expect((await live!.documents.get(`players/${player}/connection/connected`)).value).toBe(false);
    }
    const livePlayer = players.get(live!.nodeId)!;
    expect((await live!.documents.get(`players/${livePlayer}/connection`)).value).toBeNull();
    await live!.actions.fire(`conn-${live!.nodeId}`, []);
    await database().db.deleteFrom('armed_disconnects').where('player_id', '=', livePlayer).execute();
  });

  it('leaves the actions of live nodes, and those adopted by a live node, alone', async () => {
    const alive = setup(database());
    const player = newId();
    await alive.actions.persist('conn', [
      action({ kind: 'player', uid: player }, `players/${player}/device/x`, { action: 'set', value: 1 }, 1),
    ]);
    await database()
      .db.insertInto('armed_disconnects')
      .values({
        id: newId(),
        node_id: `${alive.nodeId}~claim`,
        connection_id: 'adopted',
        player_id: player,
        path: `players/${player}/device/y`,
        op: JSON.stringify({ seq: 1, action: 'set', value: 1, principal: { kind: 'player', uid: player } }),
        created_at: 0,
      })
      .execute();
    const other = setup(database());
    expect(await other.actions.adoptOrphans(new Set([alive.nodeId, other.nodeId]))).toBe(0);
    expect((await alive.documents.get(`players/${player}`)).value).toBeNull();
    await alive.actions.fire('conn', []);
    await database().db.deleteFrom('armed_disconnects').where('player_id', '=', player).execute();
  });

  it('skips and deletes an unreadable row', async () => {
    const dead = newId();
    await database()
      .db.insertInto('armed_disconnects')
      .values({
        id: newId(),
        node_id: dead,
        connection_id: 'c',
        player_id: null,
        path: 'players/p/device',
        op: '{not json',
        created_at: 0,
      })
      .execute();
    const survivor = setup(database());
    expect(await survivor.actions.adoptOrphans(new Set([survivor.nodeId]))).toBe(0);
    expect(survivor.errors.some((message) => message.startsWith('unreadable onDisconnect row'))).toBe(true);
    expect(
      await database()
        .db.selectFrom('armed_disconnects')
        .selectAll()
        .where('node_id', 'like', `${dead}%`)
        .execute(),
    ).toEqual([]);
  });
});
