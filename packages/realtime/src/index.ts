// @marquee/realtime: the browser client of Marquee's realtime database (docs/protocols/realtime.md §Messages). A
// Firebase-like modular API over a core (src/core) that it never hands out.
export { createDatabase, goOffline, goOnline, type Database, type DatabaseOptions } from './api/database';
export { child, ref, type DatabaseReference } from './api/reference';
export { get, onValue, type Unsubscribe } from './api/reads';
export { remove, serverTimestamp, set, update } from './api/writes';
export { onDisconnect, type OnDisconnect } from './api/onDisconnect';
export { runTransaction, type TransactionOptions, type TransactionResult } from './api/transaction';
export type { DataSnapshot } from './api/snapshot';
export { RealtimeError, type RealtimeClientErrorCode } from './errors';
export { isOnline, trackPresence, type Presence, type PresenceOptions } from './presence';
export { LOCAL_CACHE_PREFIX, type StorageLike } from './core/localCache';
export type { WebSocketConstructor, WebSocketLike } from './core/connection';
export type { FetchLike } from './core/restFallback';
export type { Timers } from '@marquee/protocol';
export type { Logger } from './core/types';
