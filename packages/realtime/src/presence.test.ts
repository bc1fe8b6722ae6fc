// The exact requests of docs/player.md §Connection states, in order, with the test playing the hub over a fake
// socket (the end-to-end behaviour against the real server is in test/presence.test.ts).

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets, memoryLogger, settle, type FakeSocket } from '../test/fakeSocket';
import { createDatabase, type Database } from './api/database';
import { isOnline, trackPresence } from './presence';

describe('trackPresence', () => {
  let sockets: FakeSocket[];
  let db: Database;
  let logger: ReturnType<typeof memoryLogger>;

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 15, 12) });
    const fake = fakeSockets();
    sockets = fake.sockets;
    logger = memoryLogger();
    db = createDatabase({
      url: 'ws://hub/realtime',
      restUrl: 'http://hub',
      getToken: () => Promise.resolve('token'),
      storage: null,
      WebSocketImpl: fake.WebSocketImpl,
      random: () => 0,
      logger,
    });
  });
  afterEach(() => {
    db.close();
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  async function connect(): Promise<FakeSocket> {
    const socket = sockets.at(-1) as FakeSocket;
    socket.open();
    await settle();
    socket.ok(socket.last('auth')?.r as number, { uid: 'p1', expiresAt: Date.now() + 3_600_000 });
    await settle();
    return socket;
  }

  const writes = (socket: FakeSocket) =>
    socket.requests
      .filter((request) => request.t !== 'auth' && request.t !== 'time')
      .map(({ r: _r, ...request }) => request);

  const UP = { connected: true, connected_at: { '.sv': 'timestamp' }, id: 'c1' };
  const DOWN = { connected: false, disconnected_at: { '.sv': 'timestamp' } };

  it('on up: cancels the disconnect action, writes the record, arms the action, in that order', async () => {
    trackPresence(db, 'p1', { connectionId: 'c1' });
    await settle();
    const socket = await connect();
    expect(writes(socket)).toEqual([
      // The initial "down" report, queued while the socket was opening, goes first.
      { t: 'set', path: 'players/p1/connection', value: DOWN },
      { t: 'od', action: 'cancel', path: 'players/p1/connection' },
      { t: 'set', path: 'players/p1/connection', value: UP },
      { t: 'od', action: 'set', path: 'players/p1/connection', value: DOWN },
    ]);
    expect(isOnline(db)).toBe(true);
  });

  it('on down: writes the down record locally at once, and first thing on the next connection', async () => {
    trackPresence(db, 'p1', { connectionId: 'c1' });
    const first = await connect();
    for (const request of first.requests) if (request.t !== 'auth') first.ok(request.r, { rev: 1 });
    first.drop();
    expect(isOnline(db)).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    const second = await connect();
    expect(writes(second)).toEqual([
      { t: 'od', action: 'set', path: 'players/p1/connection', value: DOWN }, // the armed action, restored
      { t: 'set', path: 'players/p1/connection', value: DOWN },
      { t: 'od', action: 'cancel', path: 'players/p1/connection' },
      { t: 'set', path: 'players/p1/connection', value: UP },
      { t: 'od', action: 'set', path: 'players/p1/connection', value: DOWN },
    ]);
  });

  it('logs a refused write and stays quiet about what close cuts short', async () => {
    trackPresence(db, 'p1', { connectionId: 'c1' });
    const socket = await connect();
    const up = socket.requests.find(
      (request) => request.t === 'set' && (request.value as { connected: boolean }).connected,
    );
    socket.refuse(up?.r as number, 'permission_denied', 'Permission denied');
    await settle();
    expect(logger.lines).toContain('realtime: presence writing the connection failed');
    const count = logger.lines.length;
    db.close();
    await settle();
    expect(logger.lines).toHaveLength(count);
  });

  it('gives each session a random connection id unless told one', () => {
    const a = trackPresence(db, 'p1');
    const b = trackPresence(db, 'p1');
    expect(a.connectionId).toMatch(/^[0-9a-f]{32}$/);
    expect(a.connectionId).not.toBe(b.connectionId);
    a.stop();
    b.stop();
  });
});
