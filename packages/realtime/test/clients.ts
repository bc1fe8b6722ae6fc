// Database clients for the integration tests: the `ws` WebSocket, a Map-backed Storage, a logger that keeps what
// it is told, and waiting for a listened value.

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

export function openClient(
  server: TestServer,
  player: TestPlayer,
  options: Partial<DatabaseOptions> & { storage?: MemoryStorage } = {},
): TestClient {
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
