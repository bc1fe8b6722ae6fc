// Database clients for the integration tests: the `ws` WebSocket, a Map-backed Storage, a logger that keeps what
// it is told, closed after the test that opened them, and waiting for a listened value.

import WebSocket from 'ws';
import {
  createDatabase,
  onValue,
  ref,
  type DataSnapshot,
  type Database,
  type DatabaseOptions,
  type DatabaseReference,
} from '../src/index';
import { MemoryStorage } from './memoryStorage';
import type { TestPlayer, TestServer } from './serverHarness';

export interface TestClient {
  db: Database;
  storage: MemoryStorage;
  /** Every warning and error the client logged. */
  logs: string[];
}

/**
 * A place in `player`'s own document where a test may write any value: a writable branch keeps members its schema
 * does not name (docs/protocols/realtime.md §Player document), so the tests' data sits among the settings.
 */
export const scratchPath = (player: TestPlayer, key: string): string =>
  `players/${player.id}/settings/${key}`;

export type ClientOptions = Partial<DatabaseOptions> & { storage?: MemoryStorage };

/** A client of `server` signed in as `player`; closed when the test is over. */
export function openClient(server: TestServer, player: TestPlayer, options: ClientOptions = {}): TestClient {
  const logs: string[] = [];
  const storage = options.storage ?? new MemoryStorage();
  const db = createDatabase({
    url: server.url,
    restUrl: server.origin,
    getToken: () => Promise.resolve(player.idToken),
    WebSocketImpl: WebSocket,
    logger: {
      warn: (message) => logs.push(message),
      error: (message) => logs.push(message),
    },
    ...options,
    storage,
  });
  server.closeAfterTest(db);
  return { db, storage, logs };
}

/** Resolves with the first value at `reference` that `accept` takes (the current one included). */
export function waitForValue(
  reference: DatabaseReference,
  accept: (snapshot: DataSnapshot) => boolean,
  timeoutMs = 5_000,
): Promise<DataSnapshot> {
  return new Promise((resolve, reject) => {
    let last: unknown = '(none)';
    const timer = setTimeout(() => {
      unsubscribe();
      reject(
        new Error(
          `no accepted value at ${reference.path} within ${timeoutMs} ms; last ${JSON.stringify(last)}`,
        ),
      );
    }, timeoutMs);
    const unsubscribe = onValue(
      reference,
      (snapshot) => {
        last = snapshot.val();
        if (!accept(snapshot)) return;
        clearTimeout(timer);
        queueMicrotask(() => unsubscribe());
        resolve(snapshot);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Resolves once `.info/connected` is `connected`. */
export async function waitForConnected(db: Database, connected = true, timeoutMs = 5_000): Promise<void> {
  await waitForValue(ref(db, '.info/connected'), (snapshot) => snapshot.val() === connected, timeoutMs);
}
