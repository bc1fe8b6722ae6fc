import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REALTIME_IDLE_TIMEOUT_MS,
  REALTIME_MAX_FRAME_BYTES,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_RATE_BURST,
  REALTIME_RECONNECT_MAX_MS,
  REALTIME_RECONNECT_MIN_MS,
  defaultTimers,
} from '@marquee/protocol';
import { fakeSockets, memoryLogger, settle, type FakeSocket } from '../../test/fakeSocket';
import {
  AUTH_TIMEOUT_MS,
  BACKOFF_RESET_AFTER_MS,
  CONNECT_TIMEOUT_MS,
  Connection,
  REAUTH_BEFORE_EXPIRY_MS,
  REAUTH_RETRY_MS,
  UNAVAILABLE_AFTER_FAILURES,
  reconnectDelay,
  type ConnectionOptions,
} from './connection';

const HOUR = 3_600_000;

describe('Connection', () => {
  let sockets: FakeSocket[];
  let connection: Connection;
  let logger: ReturnType<typeof memoryLogger>;
  let changes: string[];
  let tokens: Array<string | null>;
  let randomValue: number;
  let serverTimes: Array<[number, number, number]>;

  function open(options: Partial<ConnectionOptions> = {}): Connection {
    const fake = fakeSockets();
    sockets = fake.sockets;
    logger = memoryLogger();
    changes = [];
    serverTimes = [];
    connection = new Connection({
      url: 'ws://hub/realtime',
      WebSocketImpl: fake.WebSocketImpl,
      getToken: () =>
        Promise.resolve(tokens.length > 1 ? (tokens.shift() as string | null) : (tokens[0] ?? null)),
      timers: defaultTimers,
      clock: () => Date.now(),
      random: () => randomValue,
      logger,
      serverNow: () => Date.now(),
      onChange: () => changes.push(`${connection.state}${connection.unavailable ? ' unavailable' : ''}`),
      onEvent: vi.fn(),
      onCancel: vi.fn(),
      onServerTime: (now, sentAt, receivedAt) => serverTimes.push([now, sentAt, receivedAt]),
      ...options,
    });
    connection.start();
    return connection;
  }

  /** Opens the current socket and answers its auth; returns the socket. */
  async function authenticate(expiresAt = Date.now() + HOUR): Promise<FakeSocket> {
    const socket = sockets.at(-1) as FakeSocket;
    socket.open();
    await settle();
    const auth = socket.last('auth');
    if (auth === undefined) throw new Error('no auth request');
    socket.ok(auth.r, { uid: 'p1', expiresAt });
    return socket;
  }

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 15, 12) });
    tokens = ['token-1'];
    randomValue = 0.5;
  });
  afterEach(() => {
    connection.close();
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  describe('authentication', () => {
    it('sends the ID token as the very first request, and is connected only once it is accepted', async () => {
      open();
      const socket = sockets[0] as FakeSocket;
      expect(socket.url).toBe('ws://hub/realtime');
      expect(connection.state).toBe('connecting');
      socket.open();
      await settle();
      expect(socket.requests).toEqual([{ r: 1, t: 'auth', token: 'token-1' }]);
      expect(connection.state).toBe('connecting');
      socket.ok(1, { uid: 'p1', expiresAt: Date.now() + HOUR });
      expect(connection.state).toBe('connected');
      expect(changes.at(-1)).toBe('connected');
      // Then a time request for the clock offset.
      expect(socket.requests[1]).toEqual({ r: 2, t: 'time' });
    });

    it('gives the socket up when there is no token, and retries with backoff', async () => {
      tokens = [null];
      open();
      sockets[0]?.open();
      await settle();
      expect(sockets[0]?.sent).toEqual([]);
      expect(sockets[0]?.closedByClient).toBe(true);
      expect(logger.lines).toContain('realtime: no ID token, cannot authenticate');
      expect(connection.state).toBe('connecting');
      await vi.advanceTimersByTimeAsync(REALTIME_RECONNECT_MIN_MS);
      expect(sockets).toHaveLength(2);
    });

    it('gives the socket up when the token is refused', async () => {
      open();
      const socket = sockets[0] as FakeSocket;
      socket.open();
      await settle();
      socket.refuse(1, 'unauthenticated', 'The ID token is invalid; sign in again');
      expect(socket.closedByClient).toBe(true);
      expect(connection.state).toBe('connecting');
      expect(logger.lines).toContain(
        'realtime: authentication refused: unauthenticated (The ID token is invalid; sign in again)',
      );
    });

    it('re-authenticates REAUTH_BEFORE_EXPIRY_MS before the token expires, with a fresh token', async () => {
      tokens = ['token-1', 'token-2'];
      open();
      const expiresAt = Date.now() + HOUR;
      const socket = await authenticate(expiresAt);
      socket.answerTime = true;
      const wait = expiresAt - REAUTH_BEFORE_EXPIRY_MS - Date.now();
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(socket.requests.filter((request) => request.t === 'auth')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      const reauth = socket.last('auth');
      expect(reauth).toMatchObject({ t: 'auth', token: 'token-2' });
      socket.ok(reauth?.r as number, { uid: 'p1', expiresAt: Date.now() + HOUR });
      expect(connection.state).toBe('connected');
      expect(sockets).toHaveLength(1);
    });

    it('asks again every REAUTH_RETRY_MS while the provider still returns a token about to expire', async () => {
      open();
      const expiresAt = Date.now() + REAUTH_BEFORE_EXPIRY_MS / 2;
      const socket = await authenticate(expiresAt);
      await vi.advanceTimersByTimeAsync(REAUTH_RETRY_MS - 1);
      expect(socket.requests.filter((request) => request.t === 'auth')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(socket.requests.filter((request) => request.t === 'auth')).toHaveLength(2);
    });

    it('drops the socket when the re-authentication is refused', async () => {
      open();
      const socket = await authenticate(Date.now() + REAUTH_BEFORE_EXPIRY_MS + 1000);
      await vi.advanceTimersByTimeAsync(REAUTH_RETRY_MS);
      socket.refuse(socket.last('auth')?.r as number, 'unauthenticated', 'The ID token has expired');
      expect(socket.closedByClient).toBe(true);
      expect(connection.state).toBe('connecting');
    });

    it('treats an unauthenticated answer as a drop of that request and starts over', async () => {
      open();
      const socket = await authenticate();
      const handler = { answer: vi.fn(), drop: vi.fn() };
      connection.send({ t: 'get', path: 'players/p1' }, handler);
      socket.refuse(socket.last('get')?.r as number, 'unauthenticated', 'The ID token has expired');
      expect(handler.answer).not.toHaveBeenCalled();
      expect(handler.drop).toHaveBeenCalledTimes(1);
      expect(socket.closedByClient).toBe(true);
      expect(connection.state).toBe('connecting');
    });
  });

  describe('reconnecting', () => {
    it('waits a full-jitter delay below min(MAX, MIN·2^n) before attempt n+1', async () => {
      randomValue = 0.999;
      open();
      for (let n = 0; n < 12; n++) {
        const ceiling = Math.min(REALTIME_RECONNECT_MAX_MS, REALTIME_RECONNECT_MIN_MS * 2 ** n);
        const delay = reconnectDelay(ceiling, randomValue);
        expect(delay).toBeLessThan(ceiling);
        expect(delay).toBeGreaterThanOrEqual(0.99 * ceiling);
        sockets.at(-1)?.drop();
        const count = sockets.length;
        await vi.advanceTimersByTimeAsync(delay - 1);
        expect(sockets).toHaveLength(count);
        await vi.advanceTimersByTimeAsync(1);
        expect(sockets).toHaveLength(count + 1);
      }
    });

    it('never waits longer than REALTIME_RECONNECT_MAX_MS, and may retry at once', () => {
      expect(reconnectDelay(REALTIME_RECONNECT_MAX_MS, 0.9999999)).toBeLessThan(REALTIME_RECONNECT_MAX_MS);
      expect(reconnectDelay(REALTIME_RECONNECT_MAX_MS, 0)).toBe(0);
      expect(reconnectDelay(1000, 0.25)).toBe(250);
      // A broken random source cannot push the delay out of bounds.
      expect(reconnectDelay(1000, 7)).toBe(1000);
      expect(reconnectDelay(1000, -1)).toBe(0);
    });

    it('counts as unavailable after UNAVAILABLE_AFTER_FAILURES failed attempts, until one succeeds', async () => {
      randomValue = 0;
      open();
      for (let failure = 1; failure < UNAVAILABLE_AFTER_FAILURES; failure++) {
        sockets.at(-1)?.drop();
        expect(connection.unavailable).toBe(false);
        await vi.advanceTimersByTimeAsync(0);
      }
      sockets.at(-1)?.drop();
      expect(connection.unavailable).toBe(true);
      expect(changes.at(-1)).toBe('connecting unavailable');
      await vi.advanceTimersByTimeAsync(0);
      await authenticate();
      expect(connection.unavailable).toBe(false);
    });

    it('gives up an attempt whose socket has not opened within CONNECT_TIMEOUT_MS', async () => {
      open();
      await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
      expect(sockets[0]?.closedByClient).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets[0]?.closedByClient).toBe(true);
      expect(connection.state).toBe('connecting');
    });

    it('gives a socket that opens late AUTH_TIMEOUT_MS from its open for the authentication', async () => {
      open();
      // The server accepted it late (a fleet reconnecting at once): the open comes just before the connect timeout.
      await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
      const socket = sockets[0] as FakeSocket;
      socket.open();
      await settle();
      const auth = socket.last('auth');
      expect(auth).toBeDefined();
      await vi.advanceTimersByTimeAsync(AUTH_TIMEOUT_MS - 1);
      expect(socket.closedByClient).toBe(false);
      socket.ok(auth!.r, { uid: 'p1', expiresAt: Date.now() + HOUR });
      await settle();
      expect(connection.state).toBe('connected');
      expect(sockets).toHaveLength(1);
    });

    it('gives up an opened socket whose authentication is not answered within AUTH_TIMEOUT_MS', async () => {
      open();
      const socket = sockets[0] as FakeSocket;
      socket.open();
      await settle();
      await vi.advanceTimersByTimeAsync(AUTH_TIMEOUT_MS - 1);
      expect(socket.closedByClient).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(socket.closedByClient).toBe(true);
      expect(connection.state).toBe('connecting');
    });

    it('keeps backing off when a connection drops soon after it was made', async () => {
      randomValue = 0.999;
      open();
      sockets[0]?.drop(); // attempt 1 failed: next ceiling MIN·2
      await vi.advanceTimersByTimeAsync(REALTIME_RECONNECT_MIN_MS);
      await authenticate();
      sockets[1]?.drop(); // connected only briefly: the backoff goes on growing
      await vi.advanceTimersByTimeAsync(2 * REALTIME_RECONNECT_MIN_MS - 10);
      expect(sockets).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(10);
      expect(sockets).toHaveLength(3);
    });

    it('starts the backoff over after a connection that lasted BACKOFF_RESET_AFTER_MS', async () => {
      randomValue = 0.999;
      open();
      sockets[0]?.drop();
      await vi.advanceTimersByTimeAsync(REALTIME_RECONNECT_MIN_MS);
      const socket = await authenticate();
      socket.answerTime = true;
      await vi.advanceTimersByTimeAsync(BACKOFF_RESET_AFTER_MS);
      expect(sockets).toHaveLength(2);
      socket.drop();
      await vi.advanceTimersByTimeAsync(REALTIME_RECONNECT_MIN_MS);
      expect(sockets).toHaveLength(3);
    });

    it('goOffline closes the socket and stops; goOnline reconnects at once', async () => {
      open();
      const socket = await authenticate();
      connection.goOffline();
      expect(socket.closedByClient).toBe(true);
      expect(connection.state).toBe('offline');
      expect(connection.unavailable).toBe(true);
      expect(connection.offlineByChoice).toBe(true);
      await vi.advanceTimersByTimeAsync(REALTIME_RECONNECT_MAX_MS * 2);
      expect(sockets).toHaveLength(1);
      connection.goOnline();
      expect(sockets).toHaveLength(2);
      expect(connection.state).toBe('connecting');
    });

    it('close releases the socket and every timer', async () => {
      open();
      await authenticate();
      expect(vi.getTimerCount()).toBeGreaterThan(0);
      connection.close();
      expect(sockets[0]?.closedByClient).toBe(true);
      expect(connection.state).toBe('offline');
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  describe('heartbeat', () => {
    it('sends a time request when the line has been quiet for REALTIME_PING_INTERVAL_MS', async () => {
      open();
      const socket = await authenticate();
      socket.ok(2, { now: Date.now() + 1234 });
      const count = socket.requests.length;
      await vi.advanceTimersByTimeAsync(REALTIME_PING_INTERVAL_MS);
      expect(socket.requests).toHaveLength(count + 1);
      expect(socket.requests.at(-1)?.t).toBe('time');
    });

    it('drops a socket that stays silent for REALTIME_IDLE_TIMEOUT_MS and reconnects', async () => {
      open();
      const socket = await authenticate();
      await vi.advanceTimersByTimeAsync(REALTIME_IDLE_TIMEOUT_MS - 1);
      expect(socket.closedByClient).toBe(false);
      await vi.advanceTimersByTimeAsync(REALTIME_PING_INTERVAL_MS);
      expect(socket.closedByClient).toBe(true);
      expect(connection.state).toBe('connecting');
      expect(logger.lines.some((line) => line.includes('nothing heard from the server'))).toBe(true);
    });

    it('reports time answers with when the request left and the answer came', async () => {
      open();
      const socket = await authenticate();
      const sentAt = Date.now();
      await vi.advanceTimersByTimeAsync(40);
      socket.ok(2, { now: 5_000 });
      expect(serverTimes).toEqual([[5_000, sentAt, sentAt + 40]]);
    });
  });

  describe('requests', () => {
    it('refuses to send while not connected', () => {
      open();
      expect(() => connection.send({ t: 'time' }, { answer: () => {}, drop: () => {} })).toThrow(
        'realtime: not connected',
      );
    });

    it('rejects a pending request with DISCONNECTED when the socket drops', async () => {
      open();
      const socket = await authenticate();
      const pending = connection.request({ t: 'get', path: 'players/p1' });
      expect(connection.pendingRequests).toBe(2); // the get and the first time request
      socket.drop();
      await expect(pending).rejects.toMatchObject({ name: 'RealtimeError', code: 'DISCONNECTED' });
      expect(connection.pendingRequests).toBe(0);
    });

    it('refuses a frame over REALTIME_MAX_FRAME_BYTES without sending it', async () => {
      open();
      const socket = await authenticate();
      const count = socket.sent.length;
      const answer = await connection.request({
        t: 'set',
        path: 'players/p1/x',
        value: 'é'.repeat(REALTIME_MAX_FRAME_BYTES / 2),
      });
      expect(answer).toMatchObject({ ok: false, code: 'too_large' });
      expect(socket.sent).toHaveLength(count);
    });

    it('holds frames beyond its budget (half the hub burst) and sends them as it refills', async () => {
      open();
      const socket = await authenticate();
      const before = socket.sent.length; // auth and time took two tokens
      for (let i = 0; i < REALTIME_RATE_BURST; i++)
        connection.send({ t: 'time' }, { answer: () => {}, drop: () => {} });
      const first = socket.sent.length - before;
      expect(first).toBe(REALTIME_RATE_BURST / 2 - 2);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(socket.sent.length - before).toBe(REALTIME_RATE_BURST);
      // In order.
      const ids = socket.requests.slice(before).map((request) => request.r);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('hands value events on only while connected, and ignores frames that are not JSON', async () => {
      const onEvent = vi.fn();
      open({ onEvent });
      const socket = sockets[0] as FakeSocket;
      socket.open();
      socket.receive({ t: 'v', path: 'players/p1', value: 1, hash: 'h', rev: 1 });
      expect(onEvent).not.toHaveBeenCalled();
      await settle();
      socket.ok(1, { uid: 'p1', expiresAt: Date.now() + HOUR });
      socket.receive('not json');
      socket.receive({ t: 'v', path: 'players/p1', value: 2, hash: 'h2', rev: 2 });
      expect(onEvent).toHaveBeenCalledWith({ t: 'v', path: 'players/p1', value: 2, hash: 'h2', rev: 2 });
      expect(logger.lines).toContain('realtime: ignored a frame that is not JSON');
    });
  });
});
