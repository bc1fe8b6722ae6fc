// The core's orderings and time-outs, with the test playing the hub over a fake socket: which frame goes first
// after a reconnect, when a read gives up waiting, when events fire relative to answers. The same behaviours
// against the real server are in test/*.test.ts.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RealtimeValue, defaultTimers } from '@marquee/protocol';
import { fakeSockets, memoryLogger, settle, type FakeSocket } from '../../test/fakeSocket';
import { MemoryStorage } from '../../test/memoryStorage';
import type { Listener } from './listens';
import { ACKED_WRITE_GRACE_MS, READ_CONNECT_WAIT_MS, Repo } from './repo';
import type { FetchLike } from './restFallback';

const HOUR = 3_600_000;

/** A write whose outcome the test does not await (close rejects it with CLOSED). */
function quiet(promise: Promise<unknown>): void {
  promise.catch(() => {});
}

describe('Repo', () => {
  let sockets: FakeSocket[];
  let storage: MemoryStorage;
  let fetchImpl: ReturnType<typeof vi.fn<FetchLike>>;
  let logger: ReturnType<typeof memoryLogger>;
  let repo: Repo;

  function create(): Repo {
    const fake = fakeSockets();
    sockets = fake.sockets;
    logger = memoryLogger();
    repo = new Repo({
      url: 'ws://hub/realtime',
      restUrl: 'http://hub',
      getToken: () => Promise.resolve('token'),
      storage,
      WebSocketImpl: fake.WebSocketImpl,
      fetchImpl,
      clock: () => Date.now(),
      random: () => 0,
      timers: defaultTimers,
      logger,
    });
    return repo;
  }

  async function connect(): Promise<FakeSocket> {
    const socket = sockets.at(-1) as FakeSocket;
    socket.open();
    await settle();
    socket.ok(socket.last('auth')?.r as number, { uid: 'p', expiresAt: Date.now() + HOUR });
    return socket;
  }

  function recorder(): Listener & { values: RealtimeValue[]; errors: Error[] } {
    const values: RealtimeValue[] = [];
    const errors: Error[] = [];
    return { values, errors, value: (value) => values.push(value), cancel: (error) => errors.push(error) };
  }

  const event = (path: string, value: RealtimeValue, rev: number) => ({
    t: 'v',
    path,
    value,
    hash: `h${rev}`,
    rev,
  });

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 15, 12) });
    storage = new MemoryStorage();
    fetchImpl = vi.fn<FetchLike>(() => Promise.reject(new TypeError('fetch failed')));
  });
  afterEach(() => {
    repo.close();
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  describe('optimistic writes', () => {
    it('shows a write at once, and does not flicker when the answer comes before the event', async () => {
      create();
      const socket = await connect();
      const listener = recorder();
      repo.listen('players/p/settings', listener);
      socket.ok(socket.last('listen')?.r as number);
      socket.receive(event('players/p/settings', { name: 'A' }, 3));
      const written = repo.set(['players', 'p', 'settings', 'name'], 'B');
      expect(listener.values).toEqual([{ name: 'A' }, { name: 'B' }]);
      socket.ok(socket.last('set')?.r as number, { rev: 4 });
      await written;
      expect(listener.values).toHaveLength(2); // the answer alone changes nothing
      socket.receive(event('players/p/settings', { name: 'B' }, 4));
      expect(listener.values).toHaveLength(2);
      expect(repo.stats().writes).toBe(0);
    });

    it('does not flicker either when the event comes first', async () => {
      create();
      const socket = await connect();
      const listener = recorder();
      repo.listen('players/p/n', listener);
      socket.receive(event('players/p/n', 1, 1));
      quiet(repo.set(['players', 'p', 'n'], 2));
      socket.receive(event('players/p/n', 2, 2));
      socket.ok(socket.last('set')?.r as number, { rev: 2 });
      await settle();
      expect(listener.values).toEqual([1, 2]);
      expect(repo.stats().writes).toBe(0);
    });

    it('rolls back to the server value when the hub refuses the write', async () => {
      create();
      const socket = await connect();
      const listener = recorder();
      repo.listen('players/p', listener);
      socket.receive(event('players/p', { settings: { name: 'A' } }, 1));
      const refused = repo.set(['players', 'p', 'action_flags', 'reboot'], true);
      expect(listener.values.at(-1)).toEqual({ settings: { name: 'A' }, action_flags: { reboot: true } });
      socket.refuse(socket.last('set')?.r as number, 'permission_denied', 'Permission denied: no');
      await expect(refused).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
        message: 'Permission denied: no',
      });
      expect(listener.values.at(-1)).toEqual({ settings: { name: 'A' } });
    });

    it('forgets an acknowledged write that no event shows after ACKED_WRITE_GRACE_MS', async () => {
      create();
      const socket = await connect();
      const listener = recorder();
      repo.listen('players/p/n', listener);
      socket.receive(event('players/p/n', 1, 5));
      quiet(repo.set(['players', 'p', 'n'], 1)); // changes nothing: the hub sends no event
      socket.ok(socket.last('set')?.r as number, { rev: 9 });
      await settle();
      expect(repo.stats().writes).toBe(1);
      socket.answerTime = true;
      await vi.advanceTimersByTimeAsync(ACKED_WRITE_GRACE_MS);
      expect(repo.stats().writes).toBe(0);
      expect(listener.values).toEqual([1]);
    });

    it('runs callbacks in the order their events arose, even when a callback writes', async () => {
      create();
      const socket = await connect();
      const seen: string[] = [];
      repo.listen('players/p/n', {
        value: (value) => {
          seen.push(`first ${String(value)}`);
          if (value === 1) quiet(repo.set(['players', 'p', 'n'], 2));
        },
        cancel: () => {},
      });
      repo.listen('players/p/n', {
        value: (value) => seen.push(`second ${String(value)}`),
        cancel: () => {},
      });
      socket.receive(event('players/p/n', 1, 1));
      expect(seen).toEqual(['first 1', 'second 1', 'first 2', 'second 2']);
    });
  });

  describe('listens', () => {
    it('gives a new callback the known value after onValue returns, once', async () => {
      create();
      const socket = await connect();
      const first = recorder();
      repo.listen('players/p/n', first);
      socket.receive(event('players/p/n', 7, 1));
      const second = recorder();
      repo.listen('players/p/n', second);
      expect(second.values).toEqual([]);
      await settle();
      expect(second.values).toEqual([7]);
      expect(first.values).toEqual([7]);
      expect(socket.requests.filter((request) => request.t === 'listen')).toHaveLength(1);
    });

    it('tells the hub when the last callback leaves, and the value no longer reaches it', async () => {
      create();
      const socket = await connect();
      const listener = recorder();
      const unsubscribe = repo.listen('players/p/n', listener);
      unsubscribe();
      unsubscribe();
      expect(socket.requests.filter((request) => request.t === 'unlisten')).toEqual([
        expect.objectContaining({ path: 'players/p/n' }),
      ]);
      socket.receive(event('players/p/n', 1, 1));
      expect(listener.values).toEqual([]);
      expect(repo.stats().listens).toBe(0);
    });

    it('cancels the callbacks of a refused listen with the upper-cased code', async () => {
      create();
      const socket = await connect();
      const listener = recorder();
      repo.listen('players/q', listener);
      socket.refuse(
        socket.last('listen')?.r as number,
        'permission_denied',
        'Permission denied: cannot read "players/q"',
      );
      expect(listener.errors).toEqual([
        expect.objectContaining({
          code: 'PERMISSION_DENIED',
          message: 'Permission denied: cannot read "players/q"',
        }),
      ]);
      expect(repo.stats().listens).toBe(0);
    });

    it('serves a listen from the local copy while not connected, then from the server', async () => {
      storage.setItem('firebase:rtdb:players/p/app', '1:{"url":"https://old"}');
      create();
      const listener = recorder();
      repo.listen('players/p/app/url', listener);
      await settle();
      expect(listener.values).toEqual(['https://old']);
      const socket = await connect();
      expect(socket.last('listen')).toMatchObject({ path: 'players/p/app/url' });
      socket.receive(event('players/p/app/url', 'https://new', 2));
      expect(listener.values).toEqual(['https://old', 'https://new']);
      expect(storage.getItem('firebase:rtdb:players/p/app/url')).toMatch(/^\d+:"https:\/\/new"$/);
    });

    it('falls back on the local copy when the socket drops before the server answered a listen', async () => {
      storage.setItem('firebase:rtdb:players/p/settings', '1:{"name":"Copy"}');
      create();
      const socket = await connect();
      const listener = recorder();
      repo.listen('players/p/settings', listener);
      await settle();
      expect(listener.values).toEqual([]); // connected: the server's value is awaited, not the copy
      socket.drop();
      expect(listener.values).toEqual([{ name: 'Copy' }]);
    });

    it('reports .info/connected and .info/serverTimeOffset', async () => {
      create();
      const connected = recorder();
      const offset = recorder();
      repo.listen('.info/connected', connected);
      repo.listen('/.info/serverTimeOffset/', offset);
      await settle();
      expect(connected.values).toEqual([false]);
      expect(offset.values).toEqual([0]);
      const socket = await connect();
      socket.ok(socket.last('time')?.r as number, { now: Date.now() + 5_000 });
      socket.drop();
      expect(connected.values).toEqual([false, true, false]);
      expect(offset.values).toEqual([0, 5_000]);
      await expect(repo.get('.info/serverTimeOffset')).resolves.toBe(5_000);
    });
  });

  describe('reconnecting', () => {
    it('restores listens, then armed actions, then queued writes, before .info/connected turns true', async () => {
      create();
      let socket = await connect();
      repo.listen('players/p/settings', recorder());
      quiet(repo.onDisconnectSet(['players', 'p', 'connection'], { connected: false }));
      socket.drop();
      const order: string[] = [];
      repo.listen('.info/connected', {
        value: (value) =>
          order.push(`connected ${String(value)} after ${sockets.at(-1)?.sent.length} frames`),
        cancel: () => {},
      });
      quiet(repo.set(['players', 'p', 'connection', 'connected'], false));
      quiet(repo.update(['players', 'p', 'settings'], { name: 'x', 'a/b': 1 }));
      await vi.advanceTimersByTimeAsync(0);
      socket = await connect();
      expect(socket.requests.map(({ t, path }) => `${t} ${String(path)}`)).toEqual([
        'auth undefined',
        'time undefined',
        'listen players/p/settings',
        'od players/p/connection',
        'set players/p/connection/connected',
        'update players/p/settings',
      ]);
      expect(socket.last('update')?.value).toEqual({ name: 'x', 'a/b': 1 });
      expect(order.at(-1)).toBe('connected true after 6 frames');
    });

    it('resends a write whose socket dropped before its answer, once', async () => {
      create();
      let socket = await connect();
      const written = repo.set(['players', 'p', 'n'], 1);
      socket.drop();
      await vi.advanceTimersByTimeAsync(0);
      socket = await connect();
      const sets = socket.requests.filter((request) => request.t === 'set');
      expect(sets).toHaveLength(1);
      socket.ok(sets[0]?.r as number, { rev: 1 });
      await expect(written).resolves.toBeUndefined();
    });
  });

  describe('reads', () => {
    it('get waits for the connection and asks the server', async () => {
      create();
      const read = repo.get('players/p/n');
      await vi.advanceTimersByTimeAsync(1_000);
      const socket = await connect();
      await settle();
      socket.ok(socket.last('get')?.r as number, { value: ['a', 'b'], hash: 'h', rev: 2 });
      await expect(read).resolves.toEqual({ '0': 'a', '1': 'b' }); // stored form; the API restores arrays
      expect(storage.getItem('firebase:rtdb:players/p/n')).toMatch(/^\d+:\{"0":"a","1":"b"\}$/);
    });

    it(`get falls back after READ_CONNECT_WAIT_MS: REST, then the local copy with pending writes on top`, async () => {
      storage.setItem('firebase:rtdb:players/p', '1:{"settings":{"name":"Old","mute":false}}');
      create();
      quiet(repo.set(['players', 'p', 'settings', 'mute'], true));
      const read = repo.get('players/p/settings');
      await vi.advanceTimersByTimeAsync(READ_CONNECT_WAIT_MS - 1);
      expect(fetchImpl).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(read).resolves.toEqual({ name: 'Old', mute: true });
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      expect(fetchImpl.mock.calls[0]?.[0]).toBe(
        'http://hub/db/players/p/settings.json?auth=token&format=export',
      );
    });

    it('get yields null when neither REST nor the local copy knows the value', async () => {
      create();
      repo.goOffline();
      await expect(repo.get('players/p/unknown')).resolves.toBeNull();
      expect(fetchImpl).not.toHaveBeenCalled(); // offline by choice: no network at all
    });

    it('get falls back at once when the socket has failed to open repeatedly', async () => {
      fetchImpl.mockResolvedValue({ status: 200, text: () => Promise.resolve('{"name":"Rest"}') });
      create();
      for (let i = 0; i < 3; i++) {
        sockets.at(-1)?.drop();
        await vi.advanceTimersByTimeAsync(0);
      }
      await expect(repo.get('players/p/settings')).resolves.toEqual({ name: 'Rest' });
    });

    it('get rejects with PERMISSION_DENIED when the server refuses it', async () => {
      create();
      const socket = await connect();
      const read = repo.get('players/q');
      socket.refuse(socket.last('get')?.r as number, 'permission_denied', 'Permission denied');
      await expect(read).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    });

    it('a get whose socket drops is asked again on the next connection', async () => {
      create();
      let socket = await connect();
      const read = repo.get('players/p/n');
      socket.drop();
      await vi.advanceTimersByTimeAsync(0);
      socket = await connect();
      await settle();
      socket.ok(socket.last('get')?.r as number, { value: 5, hash: 'h', rev: 1 });
      await expect(read).resolves.toBe(5);
    });
  });

  describe('close', () => {
    it('fails what is pending with CLOSED, calls nothing more and releases everything', async () => {
      create();
      const socket = await connect();
      const listener = recorder();
      repo.listen('players/p/n', listener);
      const written = repo.set(['players', 'p', 'n'], 1);
      const armed = repo.onDisconnectSet(['players', 'p', 'connection'], null);
      const transaction = repo.transaction(['players', 'p', 'c'], (n) => Number(n) + 1, 25);
      const values = listener.values.length;
      repo.close();
      await expect(written).rejects.toMatchObject({ code: 'CLOSED' });
      await expect(armed).rejects.toMatchObject({ code: 'CLOSED' });
      await expect(transaction).rejects.toMatchObject({ code: 'CLOSED' });
      await expect(repo.get('players/p/n')).rejects.toMatchObject({ code: 'CLOSED' });
      await expect(repo.set(['players', 'p', 'n'], 2)).rejects.toMatchObject({ code: 'CLOSED' });
      socket.receive(event('players/p/n', 3, 3));
      expect(listener.values).toHaveLength(values);
      expect(socket.closedByClient).toBe(true);
      expect(repo.stats()).toEqual({
        listens: 0,
        writes: 0,
        onDisconnect: 0,
        transactions: 0,
        requests: 0,
        waiters: 0,
      });
    });
  });
});
