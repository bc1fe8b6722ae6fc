// Realtime clients for the multi-node tests: the real @marquee/realtime client (reconnects, re-sends listens and
// onDisconnect actions) over the `ws` package, with no local copy, and waits on the values it sees.

import WebSocket from 'ws';
import { createDatabase, onValue, ref, type Database, type WebSocketConstructor } from '@marquee/realtime';

export interface RealtimeClient {
  readonly db: Database;
  /** Warnings and errors the client logged (failed writes, connection trouble). */
  readonly log: string[];
  close(): void;
}

/**
 * Opens a realtime client at `wsUrl` (a node's or nginx's /realtime) signed in with `idToken`. `restUrl` is the
 * origin of the REST read fallback (default: the same host over http).
 */
export function connectRealtime(wsUrl: string, idToken: string, restUrl?: string): RealtimeClient {
  const log: string[] = [];
  const record = (message: string, ...details: unknown[]) =>
    log.push([message, ...details.map((detail) => String(detail))].join(' '));
  const db = createDatabase({
    url: wsUrl,
    restUrl: restUrl ?? new URL(wsUrl.replace(/^ws/, 'http')).origin,
    getToken: async () => idToken,
    storage: null,
    WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
    logger: { warn: record, error: record },
  });
  return { db, log, close: () => db.close() };
}

/**
 * Resolves with the first value at `path` that satisfies `accept` (the current one included), or rejects after
 * `timeoutMs` naming the last value seen.
 */
export function waitForValue<T = unknown>(
  db: Database,
  path: string,
  accept: (value: unknown) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let last: unknown = '(nothing yet)';
    let stop: (() => void) | null = null;
    let done = false;
    const finish = () => {
      done = true;
      clearTimeout(timer);
      stop?.();
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`${path}: no accepted value within ${timeoutMs} ms (last: ${JSON.stringify(last)})`));
    }, timeoutMs);
    stop = onValue(
      ref(db, path),
      (snapshot) => {
        last = snapshot.val();
        if (!done && accept(last)) {
          finish();
          resolve(last as T);
        }
      },
      (error) => {
        finish();
        reject(error);
      },
    );
    if (done) stop();
  });
}

/** Resolves once the client is connected and authenticated (.info/connected true). */
export function waitConnected(db: Database, timeoutMs = 10_000): Promise<unknown> {
  return waitForValue(db, '.info/connected', (value) => value === true, timeoutMs);
}
