// The real Marquee server for the integration tests, started by @marquee/testbed as production runs it (the
// compiled server in its own process, SQLite in a throw-away folder), with the realtime socket reached through a
// TCP proxy that can cut it as a network drop would. Players are made through the real routes
// (POST /_internal/players, then the custom-token sign-in).

import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  LOOPBACK,
  registerAndSignIn,
  startServer,
  startTcpProxy,
  type MarqueeServer,
  type TcpProxy,
} from '@marquee/testbed';
import type { Database } from '../src/index';

/** Far above what a test file does: the tests register and sign in many players from one address. */
const GENEROUS_RATE_LIMIT = '100000';

export interface TestServer {
  /** http://127.0.0.1:{port}: the player API, identity and the REST reads, straight to the server. */
  readonly origin: string;
  /** ws://127.0.0.1:{proxy port}/realtime: the realtime socket, through the proxy. */
  readonly url: string;
  /** Cuts every realtime socket at the TCP level, both sides, as a network drop would; answers how many. */
  killSockets(): number;
  /** Closes `db` once the current test is over. */
  closeAfterTest(db: Database): void;
}

/**
 * The server of the test file (or describe block) it is called in: started before its tests, stopped after them;
 * the clients opened on it (clients.ts) are closed after each test. Its members are there from the beforeAll on.
 */
export function useTestServer(): TestServer {
  let server: MarqueeServer | undefined;
  let proxy: TcpProxy | undefined;
  const opened = new Set<Database>();
  const started = () => {
    if (server === undefined || proxy === undefined) throw new Error('the test server starts in beforeAll');
    return { server, proxy };
  };

  beforeAll(async () => {
    server = await startServer({
      name: 'realtime test server',
      env: {
        MARQUEE_LOG_LEVEL: 'silent',
        MARQUEE_RATE_LIMIT_REGISTRATIONS: GENEROUS_RATE_LIMIT,
        MARQUEE_RATE_LIMIT_SIGN_INS: GENEROUS_RATE_LIMIT,
        MARQUEE_RATE_LIMIT_PLAYER_REQUESTS: GENEROUS_RATE_LIMIT,
      },
    });
    proxy = await startTcpProxy(server.port);
  });
  afterEach(() => {
    for (const db of opened) db.close();
    opened.clear();
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  return {
    get origin() {
      return started().server.origin;
    },
    get url() {
      return `ws://${LOOPBACK}:${started().proxy.port}/realtime`;
    },
    killSockets: () => started().proxy.cutAll(),
    closeAfterTest: (db) => opened.add(db),
  };
}

export interface TestPlayer {
  id: string;
  idToken: string;
}

/** Registers a player (unpaired) and signs it in with its custom token: its id and ID token. */
export async function newPlayer(server: TestServer): Promise<TestPlayer> {
  const { id, idToken } = await registerAndSignIn(server.origin);
  return { id, idToken };
}
