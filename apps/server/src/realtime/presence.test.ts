// Presence through the wire: exactly the player's steps of docs/player.md §Connection states, then the socket goes
// away — closed cleanly, dropped without a close frame, silent (no pongs), or the server shuts down — and the
// armed onDisconnect action writes the disconnected record with the server's time.

import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TIMESTAMP } from '@marquee/protocol';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { armedRows as armedRowsOf, connectedRecord, reportUp } from '../../test/harness/presence';
import {
  connectAs,
  newPlayer,
  startRealtimeApp,
  type RealtimePlayer,
  type RealtimeTestApp,
  type StartOptions,
  type WireClient,
} from '../../test/harness/realtime';
import { DocumentStore } from './documentStore';
import { InProcessPubSub } from './pubsub';

const PING_MS = 50;
const IDLE_MS = 400;
const SESSION = 'session-7f3a';

describe('presence', () => {
  let test: RealtimeTestApp;
  let player: RealtimePlayer;

  afterEach(async () => {
    await test?.close();
  });

  async function start(options: StartOptions = {}) {
    test = await startRealtimeApp(options);
    player = await newPlayer(test);
  }

  const connection = async () =>
    (await test.app.services.documents.get(`players/${player.id}/connection`)).value;
  const armedRows = () => armedRowsOf(test);

  /** A second socket of the studio's kind, watching the record. */
  async function observe(): Promise<WireClient> {
    const observer = await connectAs(test, player.idToken);
    await observer.ok({ t: 'listen', path: `players/${player.id}/connection` });
    return observer;
  }

  async function disconnectedRecord(observer: WireClient, at: number) {
    const path = `players/${player.id}/connection`;
    const event = await observer.waitFor(() =>
      observer.eventsOf(path).find((e) => (e.value as { connected?: boolean } | null)?.connected === false),
    );
    expect(event.value).toEqual({ connected: false, disconnected_at: at });
    expect(await connection()).toEqual({ connected: false, disconnected_at: at });
    await expect.poll(armedRows).toEqual([]);
  }

  it('writes the connected record and persists the armed action with this node', async () => {
    await start();
    const client = await connectAs(test, player.idToken);
    test.clock.advance(1000);
    await reportUp(client, player.id, SESSION);
    expect(await connection()).toEqual({ connected: true, connected_at: test.clock(), id: SESSION });
    const rows = await armedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      node_id: test.app.realtimeHub.nodeId,
      player_id: player.id,
      path: `players/${player.id}/connection`,
    });
    expect(JSON.parse(rows[0]!.op)).toEqual({
      seq: 1,
      action: 'set',
      value: { connected: false, disconnected_at: { '.sv': 'timestamp' } },
      principal: { kind: 'player', uid: player.id },
    });
    const lease = await test.app.services.db
      .selectFrom('server_nodes')
      .selectAll()
      .where('id', '=', test.app.realtimeHub.nodeId)
      .executeTakeFirstOrThrow();
    expect(lease.lease_expires_at).toBeGreaterThan(test.clock());
  });

  it('runs the armed action when the socket closes cleanly, with the time of the disconnect', async () => {
    await start();
    const client = await connectAs(test, player.idToken);
    await reportUp(client, player.id, SESSION);
    const observer = await observe();
    test.clock.advance(5000);
    await client.close();
    await disconnectedRecord(observer, test.clock());
  });

  it('runs it when the TCP connection drops without a close frame', async () => {
    await start();
    const client = await connectAs(test, player.idToken);
    await reportUp(client, player.id, SESSION);
    const observer = await observe();
    test.clock.advance(7000);
    (client.socket as unknown as { _socket: { destroy(): void } })._socket.destroy();
    await disconnectedRecord(observer, test.clock());
  });

  it('runs it when the client stops answering pings, after the idle timeout', async () => {
    await start({ realtime: { pingIntervalMs: PING_MS, idleTimeoutMs: IDLE_MS } });
    const client = await connectAs(test, player.idToken);
    await reportUp(client, player.id, SESSION);
    const observer = await observe();
    // Answering pings keeps an otherwise silent socket alive well past the idle timeout.
    await new Promise((resolve) => setTimeout(resolve, 3 * IDLE_MS));
    expect(test.app.realtimeHub.stats().connections).toBe(2);
    expect(await connection()).toMatchObject({ connected: true });

    test.clock.advance(9000);
    const silencedAt = Date.now();
    client.socket.pause(); // reads nothing: pings go unanswered, no close frame is ever sent
    await disconnectedRecord(observer, test.clock());
    // Dropped by the idle timeout, not at the first unanswered ping (the last pong may predate the pause a little,
    // more so on a loaded machine, hence half the timeout as the bound).
    expect(Date.now() - silencedAt).toBeGreaterThanOrEqual(IDLE_MS / 2);
    expect(test.app.realtimeHub.stats().connections).toBe(1);
  });

  it('does not bring back the document of a player hard reset while connected', async () => {
    await start();
    const client = await connectAs(test, player.idToken);
    await reportUp(client, player.id, SESSION);
    const reset = await test.app.inject({
      method: 'DELETE',
      url: `/_internal/players/${player.id}`,
      headers: { authorization: player.apiToken },
    });
    expect(reset.statusCode).toBe(200);
    const gone = await test.app.services.documents.get(`players/${player.id}`);
    expect(gone.value).toBeNull();
    await client.close();
    await expect.poll(armedRows).toEqual([]);
    expect(await test.app.services.documents.get(`players/${player.id}`)).toEqual(gone);
  });

  it('runs the actions in the order armed, and cancel drops those at and below its path', async () => {
    await start();
    const client = await connectAs(test, player.idToken);
    const base = `players/${player.id}`;
    await client.ok({ t: 'set', path: `${base}/connection`, value: connectedRecord(SESSION) });
    const connectedAt = test.clock();
    await client.ok({
      t: 'od',
      action: 'update',
      path: `${base}/connection`,
      value: { connected: false, id: 'first', disconnected_at: SERVER_TIMESTAMP },
    });
    await client.ok({ t: 'od', action: 'set', path: `${base}/connection/id`, value: 'second' });
    await client.ok({ t: 'od', action: 'set', path: `${base}/settings/name`, value: 'Gone' });
    await client.ok({ t: 'od', action: 'set', path: `${base}/settings/mute`, value: true });
    await client.ok({ t: 'od', action: 'cancel', path: `${base}/settings` });
    expect(await armedRows()).toHaveLength(2);
    test.clock.advance(3000);
    await client.close();
    await expect.poll(armedRows).toEqual([]);
    const doc = (await test.app.services.documents.get(base)).value as Record<string, unknown>;
    expect(doc.connection).toEqual({
      connected: false,
      connected_at: connectedAt,
      disconnected_at: test.clock(),
      id: 'second',
    });
    expect(doc.settings).toEqual({ name: 'Lobby', orientation: 'portrait' });
  });

  it('refuses to arm an invalid action', async () => {
    await start();
    const client = await connectAs(test, player.idToken);
    const path = `players/${player.id}/connection`;
    expect(await client.request({ t: 'od', action: 'set', path })).toMatchObject({
      code: 'invalid_value',
      message: `Invalid value at path "${path}": undefined cannot be written; use null to remove a value`,
    });
    expect(await client.request({ t: 'od', action: 'update', path, value: 5 })).toMatchObject({
      code: 'invalid_value',
    });
    expect(
      await client.request({ t: 'od', action: 'update', path, value: { a: 1, 'a/b': 2 } }),
    ).toMatchObject({ code: 'invalid_path' });
    expect(await client.request({ t: 'od', action: 'set', path: 'players', value: 1 })).toMatchObject({
      code: 'invalid_path',
    });
    expect(await armedRows()).toEqual([]);
  });

  it('runs the actions of every socket on a graceful shutdown, before the database closes', async () => {
    const database: TestDatabase = await openTestDatabase('sqlite');
    try {
      await start({ database: database.handle });
      const client = await connectAs(test, player.idToken);
      await reportUp(client, player.id, SESSION);
      test.clock.advance(11_000);
      const shutdownAt = test.clock();
      await test.app.close();
      expect((await client.closed).code).toBe(1001);
      const store = new DocumentStore({ database: database.handle, pubsub: new InProcessPubSub() });
      expect((await store.get(`players/${player.id}/connection`)).value).toEqual({
        connected: false,
        disconnected_at: shutdownAt,
      });
      expect(await database.handle.db.selectFrom('armed_disconnects').selectAll().execute()).toEqual([]);
      expect(await database.handle.db.selectFrom('server_nodes').selectAll().execute()).toEqual([]);
    } finally {
      fs.rmSync(test.config.dataDir, { recursive: true, force: true });
      test = undefined as unknown as RealtimeTestApp;
      await database.dispose();
    }
  });
});
