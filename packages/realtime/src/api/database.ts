// createDatabase: one client of the realtime database, its socket opened at once. The Database handed out is a
// plain handle; its core (core/repo.ts) stays behind a WeakMap that only this package's API reads.

import type { Logger } from '../core/types';
import type { FetchLike } from '../core/restFallback';
import type { StorageLike } from '../core/localCache';
import type { WebSocketConstructor } from '../core/connection';
import { defaultTimers, type Timers } from '@marquee/protocol';
import { Repo } from '../core/repo';

export interface DatabaseOptions {
  /** WebSocket URL of the hub, e.g. `wss://signage.example.com/realtime`. */
  url: string;
  /** HTTP origin for the REST read fallback: `{restUrl}/db/{path}.json`. */
  restUrl: string;
  /** The identity session's current ID token (null when signed out); asked on every (re)authentication. */
  getToken: () => Promise<string | null>;
  /** Where the local copy lives; default window.localStorage, null for none. */
  storage?: StorageLike | null;
  /** Default: the global WebSocket (tests pass the `ws` package's). */
  WebSocketImpl?: WebSocketConstructor;
  /** Default: the global fetch. */
  fetchImpl?: FetchLike;
  /** Milliseconds since the epoch; default Date.now. */
  clock?: () => number;
  /** Like Math.random (the reconnect jitter); default Math.random. */
  random?: () => number;
  /** Default: the global timers, looked up on every call (fake timers apply). */
  timers?: Timers;
  /** Where failed writes and connection trouble are logged; default console. */
  logger?: Logger;
}

export interface Database {
  /** Closes the socket for good; pending writes fail with CLOSED and no callback runs again. */
  close(): void;
  /** Closes the socket and stops reconnecting; writes queue, reads come from the local copy. */
  goOffline(): void;
  /** Reconnects after goOffline. */
  goOnline(): void;
}

const repos = new WeakMap<Database, Repo>();

/** The core of `db` (for this package's API only; not exported from the package). */
export function repoOf(db: Database): Repo {
  const repo = repos.get(db);
  if (repo === undefined) throw new TypeError('Not a database made by createDatabase');
  return repo;
}

function defaultStorage(): StorageLike | null {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
  } catch {
    return null; // access denied (sandboxed frame, privacy settings)
  }
}

export function createDatabase(options: DatabaseOptions): Database {
  const WebSocketImpl =
    options.WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (WebSocketImpl === undefined) throw new TypeError('No WebSocket here: pass WebSocketImpl');
  const repo = new Repo({
    url: options.url,
    restUrl: options.restUrl,
    getToken: options.getToken,
    storage: options.storage === undefined ? defaultStorage() : options.storage,
    WebSocketImpl,
    fetchImpl: options.fetchImpl ?? ((url, init) => globalThis.fetch(url, init)),
    clock: options.clock ?? (() => Date.now()),
    random: options.random ?? Math.random,
    timers: options.timers ?? defaultTimers,
    logger: options.logger ?? console,
  });
  const db: Database = {
    close: () => repo.close(),
    goOffline: () => repo.goOffline(),
    goOnline: () => repo.goOnline(),
  };
  repos.set(db, repo);
  return db;
}

export function goOffline(db: Database): void {
  repoOf(db).goOffline();
}

export function goOnline(db: Database): void {
  repoOf(db).goOnline();
}
