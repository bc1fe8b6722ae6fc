// Realtime tests over real sockets: an app listening on 127.0.0.1, ws clients speaking the wire protocol, and
// players and operators made through the real registration, identity and management routes.

import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach } from 'vitest';
import WebSocket from 'ws';
import type {
  ClientMessage,
  ErrorAnswer,
  ListenCancelled,
  OkAnswer,
  ServerMessage,
  ValueEvent,
} from '@marquee/protocol';
import type { BuildAppOptions } from '../../src/app';
import { startTestApp, type TestApp } from './app';
import { bearer, pairedScreen, registerPlayer, signUpOperator, type TestOperator } from './management';

export interface RealtimeTestApp extends TestApp {
  url: string;
  origin: string;
}

/** A test app on a free 127.0.0.1 port, with generous HTTP rate limits (many players are registered). */
export async function startRealtimeApp(
  options: Omit<BuildAppOptions, 'clock'> & { env?: Record<string, string> } = {},
): Promise<RealtimeTestApp> {
  const test = await startTestApp({
    rateLimits: { registrationPerIp: 100_000, signInPerIp: 100_000, playerApiPerToken: 100_000 },
    ...options,
  });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = test.app.server.address() as AddressInfo;
  return { ...test, origin: `http://127.0.0.1:${port}`, url: `ws://127.0.0.1:${port}/realtime` };
}

/** A device record as a player keeps it at players/{id}/device. */
export const DEVICE_RECORD = {
  id: 'device-1',
  platform: 'browser',
  model: 'Chrome',
  version: '1.0.0',
  updated_at: 1_736_942_400_000,
  device: { memory: { available: null, total: 8192 }, ip: '10.0.0.7' },
};

export type Answer = OkAnswer | ErrorAnswer;
type Request = ClientMessage extends infer M ? (M extends unknown ? Omit<M, 'r'> : never) : never;

/** One socket speaking the protocol; records every message it receives. */
export class WireClient {
  readonly messages: ServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private nextId = 1;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as ServerMessage);
      for (const wake of [...this.waiters]) wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        for (const wake of [...this.waiters]) wake();
      });
    });
    socket.on('error', () => {});
  }

  static async connect(url: string): Promise<WireClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new WireClient(socket);
  }

  get events(): ValueEvent[] {
    return this.messages.filter((message): message is ValueEvent => 't' in message && message.t === 'v');
  }

  eventsOf(path: string): ValueEvent[] {
    return this.events.filter((event) => event.path === path);
  }

  /** The listens the hub ended on its own. */
  get cancellations(): ListenCancelled[] {
    return this.messages.filter((message): message is ListenCancelled => 't' in message && message.t === 'c');
  }

  answers(): Answer[] {
    return this.messages.filter((message): message is Answer => 'ok' in message);
  }

  /** Sends a raw frame (text or anything ws accepts). */
  sendRaw(data: string | Buffer, options: { binary?: boolean } = {}): void {
    this.socket.send(data, { binary: options.binary ?? false });
  }

  /** Sends a request with the next id without waiting; answers its id. */
  post(request: Request): number {
    const r = this.nextId++;
    this.sendRaw(JSON.stringify({ ...request, r }));
    return r;
  }

  async request(request: Request, timeoutMs = 10_000): Promise<Answer> {
    return this.answerTo(this.post(request), timeoutMs);
  }

  /** Answers ok data, or throws with the error answer. */
  async ok<D = unknown>(request: Request): Promise<D> {
    const answer = await this.request(request);
    if (!answer.ok) throw new Error(`${request.t} refused: ${answer.code} ${answer.message}`);
    return answer.d as D;
  }

  async answerTo(r: number, timeoutMs = 10_000): Promise<Answer> {
    return this.waitFor(() => this.answers().find((answer) => answer.r === r), timeoutMs, `answer to ${r}`);
  }

  async waitFor<T>(find: () => T | undefined, timeoutMs = 10_000, what = 'message'): Promise<T> {
    const found = find();
    if (found !== undefined) return found;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const check = () => {
        const value = find();
        if (value === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(value);
      };
      this.waiters.add(check);
    });
  }

  /** Waits for the `count`th value event of `path`. */
  async eventCount(path: string, count: number, timeoutMs = 10_000): Promise<ValueEvent[]> {
    return this.waitFor(
      () => {
        const events = this.eventsOf(path);
        return events.length >= count ? events : undefined;
      },
      timeoutMs,
      `${count} events of ${path}`,
    );
  }

  async close(): Promise<void> {
    this.socket.close(1000);
    await this.closed;
  }
}

export interface RealtimePlayer {
  id: string;
  idToken: string;
  refreshToken: string;
  /** For the player API (the Authorization header). */
  apiToken: string;
}

async function signIn(
  test: TestApp,
  customToken: string,
): Promise<{ idToken: string; refreshToken: string }> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signInWithCustomToken',
    payload: { token: customToken, returnSecureToken: true },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ idToken: string; refreshToken: string }>();
}

/** A registered (unpaired) player signed in at the identity service. */
export async function newPlayer(test: TestApp): Promise<RealtimePlayer> {
  const player = await registerPlayer(test.app);
  return {
    id: player.id,
    apiToken: player.auth.apiToken,
    ...(await signIn(test, player.auth.firebaseTokenV2)),
  };
}

/** An operator with a player paired to a screen of their organisation. */
export async function operatorWithPlayer(
  test: TestApp,
): Promise<{ operator: TestOperator; player: RealtimePlayer; screenId: string }> {
  const operator = await signUpOperator(test.app);
  const screen = await pairedScreen(test.app, operator);
  // Pairing rotates the credentials: the newest ones.
  const row = await test.app.services.db
    .selectFrom('players')
    .select(['credential_generation', 'org_id', 'screen_id'])
    .where('id', '=', screen.player.id)
    .executeTakeFirstOrThrow();
  const { playerTokens } = test.app.services;
  const claims = { playerId: screen.player.id, generation: row.credential_generation };
  const apiToken = await playerTokens.createApiToken({
    ...claims,
    orgId: row.org_id,
    screenId: row.screen_id,
  });
  const session = await signIn(test, await playerTokens.createCustomToken(claims));
  return { operator, player: { id: screen.player.id, apiToken, ...session }, screenId: screen.screenId };
}

/** Unpairs the screen through the management API, as its operator does in the studio. */
export async function unpairScreen(test: TestApp, operator: TestOperator, screenId: string): Promise<void> {
  const response = await test.app.inject({
    method: 'DELETE',
    url: `/api/v1/screens/${screenId}`,
    headers: bearer(operator.token),
  });
  if (response.statusCode !== 200)
    throw new Error(`unpairing failed: ${response.statusCode} ${response.body}`);
}

/** A connected, authenticated socket. */
export async function connectAs(test: RealtimeTestApp, idToken: string): Promise<WireClient> {
  const client = await WireClient.connect(test.url);
  await client.ok({ t: 'auth', token: idToken });
  return client;
}

export type StartOptions = Parameters<typeof startRealtimeApp>[0];

/** What a test file shares: the app and a player, fresh for each test. */
export interface AppPerTest {
  readonly test: RealtimeTestApp;
  readonly player: RealtimePlayer;
  /** `players/{player.id}`. */
  readonly base: string;
}

/** Starts an app and registers a player before each test of the calling suite, and closes the app after it. */
export function appPerTest(options: StartOptions = {}): AppPerTest {
  let current: { test: RealtimeTestApp; player: RealtimePlayer } | undefined;
  beforeEach(async () => {
    const test = await startRealtimeApp(options);
    current = { test, player: await newPlayer(test) };
  });
  afterEach(async () => {
    await current?.test.close();
    current = undefined;
  });
  const now = () => {
    if (current === undefined) throw new Error('appPerTest: used outside a test');
    return current;
  };
  return {
    get test() {
      return now().test;
    },
    get player() {
      return now().player;
    },
    get base() {
      return `players/${now().player.id}`;
    },
  };
}
