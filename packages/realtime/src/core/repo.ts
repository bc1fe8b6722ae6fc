// The core of one database client, behind the public API: it wires the socket (connection.ts) to the listens,
// the write queue, the onDisconnect actions, the local copy, the REST fallback, the transactions and the server
// clock, and turns all of them into the values and events the API hands out.
//
// Callbacks run through one queue, in the order their events arose, never nested: a callback that writes (which
// raises events itself) does not make another callback see a newer value before an older one.

import {
  INFO_CONNECTED_PATH,
  INFO_SERVER_TIME_OFFSET_PATH,
  flattenUpdate,
  getAtPath,
  isInfoPath,
  isPathPrefix,
  joinPath,
  normalizeForWrite,
  parsePath,
  resolveServerValues,
  type RealtimeValue,
  type ValueAnswer,
  type ListenCancelled,
  type ValueEvent,
  type TimerHandle,
  type Timers,
} from '@marquee/protocol';
import { RealtimeError, closedError, errorFromAnswer, errorFromValidation } from '../errors';
import { CONNECT_TIMEOUT_MS, Connection, type WebSocketConstructor } from './connection';
import { deepEqual } from './deepEqual';
import { storedForm } from './storedForm';
import { ListenRegistry, type ListenEntry, type Listener } from './listens';
import { LocalCache, type StorageLike } from './localCache';
import { OnDisconnectRegistry } from './onDisconnectRegistry';
import { restRead, type FetchLike, type RestFallbackOptions } from './restFallback';
import { ServerTime } from './serverTime';
import { Transactions, type TransactionResult, type UpdateFunction } from './transactions';
import type { Answer, Logger, Request } from './types';
import { entryView, isReflected, viewOf } from './views';
import { WriteQueue, type Change, type PendingWrite, type WriteRequest } from './writeQueue';

/** Longest a read waits for the socket before it falls back to REST, then to the local copy. */
export const READ_CONNECT_WAIT_MS = CONNECT_TIMEOUT_MS;
/**
 * An acknowledged write that no listened value has shown after this long changed nothing there (or its event was
 * lost with the socket): it is forgotten, and the listened values are whatever the server said.
 */
export const ACKED_WRITE_GRACE_MS = 10_000;

export interface RepoOptions {
  url: string;
  restUrl: string;
  getToken: () => Promise<string | null>;
  storage: StorageLike | null;
  WebSocketImpl: WebSocketConstructor;
  fetchImpl: FetchLike;
  clock: () => number;
  random: () => number;
  timers: Timers;
  logger: Logger;
  localCacheMaxChars?: number;
}

export type Unsubscribe = () => void;

interface InfoNode {
  value: RealtimeValue;
  readonly listeners: Set<Listener>;
}

export class Repo {
  readonly #options: RepoOptions;
  readonly #listens = new ListenRegistry();
  readonly #info = new Map<string, InfoNode>([
    [INFO_CONNECTED_PATH, { value: false, listeners: new Set() }],
    [INFO_SERVER_TIME_OFFSET_PATH, { value: 0, listeners: new Set() }],
  ]);
  /** Listeners that got a value through an event, so their first value is not delivered twice. */
  readonly #received = new WeakSet<Listener>();
  readonly #waiters = new Set<() => void>();
  readonly #events: Array<() => void> = [];
  readonly #serverTime: ServerTime;
  readonly #cache: LocalCache;
  readonly #writes: WriteQueue;
  readonly #onDisconnect: OnDisconnectRegistry;
  readonly #transactions: Transactions;
  readonly #rest: RestFallbackOptions;
  readonly #connection: Connection;
  #draining = false;
  #wasConnected = false;
  #closed = false;
  #graceTimer: TimerHandle | undefined;

  constructor(options: RepoOptions) {
    this.#options = options;
    const { clock, logger, timers } = options;
    this.#serverTime = new ServerTime(clock);
    this.#cache = new LocalCache({
      storage: options.storage,
      clock,
      logger,
      ...(options.localCacheMaxChars === undefined ? {} : { maxChars: options.localCacheMaxChars }),
    });
    const isConnected = () => this.connected;
    const send = (request: Request, handler: Parameters<Connection['send']>[1]) =>
      this.#connection.send(request, handler);
    this.#writes = new WriteQueue({
      isConnected,
      send,
      clock,
      logger,
      settled: (write, error) => this.#writeSettled(write, error),
    });
    this.#onDisconnect = new OnDisconnectRegistry({ isConnected, send, logger });
    this.#transactions = new Transactions({
      current: (segments) => this.#currentForTransaction(segments),
      compareAndSet: (path, value, hash) => this.#requestWhenConnected({ t: 'cas', path, value, hash }),
      serverNow: () => this.#serverTime.now(),
    });
    this.#rest = {
      restUrl: options.restUrl,
      fetchImpl: options.fetchImpl,
      getToken: options.getToken,
      timers,
      logger,
    };
    this.#connection = new Connection({
      url: options.url,
      WebSocketImpl: options.WebSocketImpl,
      getToken: options.getToken,
      timers,
      clock,
      random: options.random,
      logger,
      serverNow: () => this.#serverTime.now(),
      onChange: () => this.#connectionChanged(),
      onEvent: (event) => this.#serverEvent(event),
      onCancel: (cancelled) => this.#serverCancel(cancelled),
      onServerTime: (now, sentAt, receivedAt) => {
        if (this.#serverTime.record(now, sentAt, receivedAt)) {
          this.#setInfo(INFO_SERVER_TIME_OFFSET_PATH, this.#serverTime.offset);
        }
      },
    });
    this.#connection.start();
  }

  get connected(): boolean {
    return this.#connection.state === 'connected';
  }

  get closed(): boolean {
    return this.#closed;
  }

  get logger(): Logger {
    return this.#options.logger;
  }

  /** The server's clock by the last measured offset. */
  serverNow(): number {
    return this.#serverTime.now();
  }

  /** Sizes of the internal registries, for leak checks in tests. */
  stats(): {
    listens: number;
    writes: number;
    onDisconnect: number;
    transactions: number;
    requests: number;
    waiters: number;
  } {
    return {
      listens: this.#listens.size,
      writes: this.#writes.size,
      onDisconnect: this.#onDisconnect.size,
      transactions: this.#transactions.size,
      requests: this.#connection.pendingRequests,
      waiters: this.#waiters.size,
    };
  }

  // ---------------------------------------------------------------------------------------------- reads

  /** Calls `listener` with the value at `path` now (if known) and on every change; returns the unsubscribe. */
  listen(path: string, listener: Listener): Unsubscribe {
    if (this.#closed) return () => {};
    if (isInfoPath(path)) return this.#listenInfo(joinPath(parsePath(path)), listener);
    const segments = parsePath(path);
    const { entry, first } = this.#listens.add(segments, listener);
    if (first) {
      if (this.connected) this.#sendListen(entry);
      else entry.cached = this.#cache.read(segments);
    }
    if (entry.delivered === undefined) entry.delivered = entryView(entry, this.#writes.pending());
    if (entry.delivered !== undefined) {
      // The first value comes after onValue has returned its unsubscribe, unless an event brought it first.
      queueMicrotask(() => {
        const value = entry.delivered;
        if (value === undefined || this.#received.has(listener) || !entry.listeners.has(listener)) return;
        this.#raise(() => this.#deliver(entry.listeners, listener, value));
      });
    }
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      if (!this.#listens.remove(entry, listener)) return;
      if (this.connected) this.#connection.send({ t: 'unlisten', path: entry.path }, IGNORE_ANSWER);
      this.#collectWrites();
    };
  }

  /**
   * The value at `path`. Connected: the server's. Otherwise it waits up to READ_CONNECT_WAIT_MS for the socket,
   * unless the socket is known unavailable, then reads over REST, then from a listened value or the local copy,
   * then null (docs/protocols/realtime.md §Offline copy).
   */
  async get(path: string): Promise<RealtimeValue> {
    if (isInfoPath(path)) return (this.#info.get(joinPath(parsePath(path))) as InfoNode).value;
    const segments = parsePath(path);
    const deadline = this.#options.clock() + READ_CONNECT_WAIT_MS;
    for (;;) {
      if (this.#closed) throw closedError();
      if (this.connected) {
        let answer: Answer;
        try {
          answer = await this.#connection.request({ t: 'get', path: joinPath(segments) });
        } catch (error) {
          if (error instanceof RealtimeError && error.code === 'DISCONNECTED') continue;
          throw error;
        }
        if (!answer.ok) throw errorFromAnswer(answer);
        const d = answer.d as ValueAnswer;
        const value = storedForm(d.value, segments);
        this.#cache.write(segments, value);
        return viewOf(segments, value, d.rev, this.#writes.pending()) ?? null;
      }
      const remaining = deadline - this.#options.clock();
      if (this.#connection.unavailable || remaining <= 0) return this.#offlineRead(segments);
      await this.#waitForChange(remaining);
    }
  }

  async #offlineRead(segments: readonly string[]): Promise<RealtimeValue> {
    if (!this.#connection.offlineByChoice) {
      const read = await restRead(this.#rest, segments);
      if (this.#closed) throw closedError();
      if (read !== 'unavailable') {
        const value = storedForm(read.value, segments);
        this.#cache.write(segments, value);
        return viewOf(segments, value, -1, this.#writes.pending()) ?? null;
      }
    }
    const writes = this.#writes.pending();
    for (const entry of this.#listens.containing(segments)) {
      const view = entryView(entry, writes);
      if (view !== undefined) return getAtPath(view, segments.slice(entry.segments.length));
    }
    return viewOf(segments, this.#cache.read(segments) ?? null, -1, writes) ?? null;
  }

  // ---------------------------------------------------------------------------------------------- writes

  set(segments: readonly string[], value: unknown): Promise<void> {
    let stored: RealtimeValue;
    try {
      stored = normalizeForWrite(value, segments);
    } catch (error) {
      return Promise.reject(errorFromValidation(error));
    }
    return this.#write({ t: 'set', path: joinPath(segments), value: stored }, [
      { segments, value: resolveServerValues(stored, this.serverNow()) },
    ]);
  }

  remove(segments: readonly string[]): Promise<void> {
    return this.#write({ t: 'remove', path: joinPath(segments) }, [{ segments, value: null }]);
  }

  update(segments: readonly string[], values: object): Promise<void> {
    let relative: Record<string, RealtimeValue>;
    let changes: Change[];
    try {
      ({ relative, changes } = this.#flatten(segments, values));
    } catch (error) {
      return Promise.reject(errorFromValidation(error));
    }
    if (changes.length === 0) return this.#closed ? Promise.reject(closedError()) : Promise.resolve();
    return this.#write({ t: 'update', path: joinPath(segments), value: relative }, changes);
  }

  #flatten(
    segments: readonly string[],
    values: object,
  ): { relative: Record<string, RealtimeValue>; changes: Change[] } {
    const flat = flattenUpdate(joinPath(segments), values);
    const relative: Record<string, RealtimeValue> = {};
    const changes: Change[] = [];
    const now = this.serverNow();
    for (const [absolute, value] of Object.entries(flat)) {
      const changed = parsePath(absolute);
      relative[joinPath(changed.slice(segments.length))] = value;
      changes.push({ segments: changed, value: resolveServerValues(value, now) });
    }
    return { relative, changes };
  }

  #write(request: WriteRequest, changes: readonly Change[]): Promise<void> {
    if (this.#closed) return Promise.reject(closedError());
    for (const change of changes) this.#transactions.overwrite(change.segments);
    const { done } = this.#writes.enqueue(request, changes);
    // Optimistic: the listened values show the write at once.
    this.#refresh(this.#overlapping(changes));
    return done;
  }

  #writeSettled(write: PendingWrite, error: RealtimeError | null): void {
    if (error !== null)
      this.#refresh(this.#overlapping(write.changes)); // rolled back to the server's value
    else this.#collectWrites();
  }

  /** Forgets acknowledged writes the listened values now show (or that outlived the grace period). */
  #collectWrites(): void {
    if (this.#graceTimer !== undefined) this.#options.timers.clearTimeout(this.#graceTimer);
    this.#graceTimer = undefined;
    const entries = this.#listens.entries();
    const now = this.#options.clock();
    const discarded: Change[] = [];
    let oldestKept = Infinity;
    for (const write of this.#writes.pending()) {
      if (write.state !== 'acked') continue;
      if (isReflected(write, entries) || now - write.ackedAt >= ACKED_WRITE_GRACE_MS) {
        this.#writes.discard(write);
        discarded.push(...write.changes);
      } else {
        oldestKept = Math.min(oldestKept, write.ackedAt);
      }
    }
    if (discarded.length > 0) this.#refresh(this.#overlapping(discarded));
    if (oldestKept !== Infinity && !this.#closed) {
      this.#graceTimer = this.#options.timers.setTimeout(
        () => this.#collectWrites(),
        oldestKept + ACKED_WRITE_GRACE_MS - now,
      );
    }
  }

  // ---------------------------------------------------------------------------------------------- onDisconnect

  onDisconnectSet(segments: readonly string[], value: unknown): Promise<void> {
    if (this.#closed) return Promise.reject(closedError());
    let stored: RealtimeValue;
    try {
      stored = normalizeForWrite(value, segments);
    } catch (error) {
      return Promise.reject(errorFromValidation(error));
    }
    return this.#onDisconnect.arm('set', segments, stored);
  }

  onDisconnectUpdate(segments: readonly string[], values: object): Promise<void> {
    if (this.#closed) return Promise.reject(closedError());
    let relative: Record<string, RealtimeValue>;
    try {
      ({ relative } = this.#flatten(segments, values));
    } catch (error) {
      return Promise.reject(errorFromValidation(error));
    }
    if (Object.keys(relative).length === 0) return Promise.resolve();
    return this.#onDisconnect.arm('update', segments, relative);
  }

  onDisconnectCancel(segments: readonly string[]): Promise<void> {
    if (this.#closed) return Promise.reject(closedError());
    return this.#onDisconnect.cancel(segments);
  }

  // ---------------------------------------------------------------------------------------------- transactions

  transaction(
    segments: readonly string[],
    update: UpdateFunction,
    maxRetries: number,
  ): Promise<TransactionResult> {
    if (this.#closed) return Promise.reject(closedError());
    return this.#transactions.run(segments, update, maxRetries);
  }

  async #currentForTransaction(segments: readonly string[]): Promise<ValueAnswer> {
    const server = this.#listens.get(joinPath(segments))?.server;
    if (server !== undefined) return { value: server.value, hash: server.hash, rev: server.rev };
    const answer = await this.#requestWhenConnected({ t: 'get', path: joinPath(segments) });
    if (!answer.ok) throw errorFromAnswer(answer);
    const d = answer.d as ValueAnswer;
    return { value: storedForm(d.value, segments), hash: d.hash, rev: d.rev };
  }

  /** Sends `request` once connected (waiting as long as it takes), again if the socket drops before the answer. */
  async #requestWhenConnected(request: Request): Promise<Answer> {
    for (;;) {
      if (this.#closed) throw closedError();
      if (this.connected) {
        try {
          return await this.#connection.request(request);
        } catch (error) {
          if (error instanceof RealtimeError && error.code === 'DISCONNECTED') continue;
          throw error;
        }
      }
      await this.#waitForChange();
    }
  }

  // ---------------------------------------------------------------------------------------------- connection

  goOffline(): void {
    this.#connection.goOffline();
  }

  goOnline(): void {
    this.#connection.goOnline();
  }

  /** Closes the socket, releases every timer, fails what is still pending with CLOSED; no callback runs again. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#listens.clear();
    for (const node of this.#info.values()) node.listeners.clear();
    this.#events.length = 0;
    if (this.#graceTimer !== undefined) this.#options.timers.clearTimeout(this.#graceTimer);
    this.#graceTimer = undefined;
    this.#connection.close();
    this.#writes.rejectAll(closedError());
    this.#onDisconnect.rejectAll(closedError());
    this.#wake();
  }

  #connectionChanged(): void {
    const connected = this.connected;
    if (connected && !this.#wasConnected) {
      this.#wasConnected = true;
      // Restore in the order the hub must see it: listens, armed actions, then the writes made meanwhile, all
      // before `.info/connected` turns true (presence writes its record on that, after its queued offline write).
      for (const entry of this.#listens.entries()) this.#sendListen(entry);
      this.#onDisconnect.resend();
      this.#writes.flush();
      this.#setInfo(INFO_CONNECTED_PATH, true);
    } else if (!connected && this.#wasConnected) {
      this.#wasConnected = false;
      // Listens the server had not answered yet fall back on the local copy
      // (docs/protocols/realtime.md §Offline copy).
      const waiting = this.#listens
        .entries()
        .filter((entry) => entry.server === undefined && entry.cached === undefined);
      for (const entry of waiting) entry.cached = this.#cache.read(entry.segments);
      this.#refresh(waiting);
      this.#setInfo(INFO_CONNECTED_PATH, false);
    }
    this.#wake();
  }

  #sendListen(entry: ListenEntry): void {
    this.#connection.send(
      { t: 'listen', path: entry.path },
      {
        answer: (answer) => {
          if (!this.#listens.isActive(entry)) return;
          if (!answer.ok) {
            const error = errorFromAnswer(answer);
            this.#options.logger.warn(
              `realtime: listen at ${JSON.stringify(entry.path)} refused: ${answer.code}`,
            );
            this.#raise(...this.#listens.delete(entry).map((listener) => () => listener.cancel(error)));
            this.#collectWrites();
            return;
          }
          // The value follows as a value event.
        },
        drop: () => {}, // sent again on the next connection
      },
    );
  }

  #serverEvent(event: ValueEvent): void {
    const entry = this.#listens.get(joinPath(parsePath(event.path)));
    if (entry === undefined) return;
    this.#serverValue(entry, storedForm(event.value, entry.segments), event.hash, event.rev);
  }

  /**
   * The hub ended a listen the rules no longer allow (an operator's screen was unpaired): its callbacks get the
   * error, as for a refused listen, it is not sent again on reconnect, and the offline copy of the path is dropped,
   * so what this client may no longer read is not served from it either.
   */
  #serverCancel(cancelled: ListenCancelled): void {
    const entry = this.#listens.get(joinPath(parsePath(cancelled.path)));
    if (entry === undefined) return;
    const error = errorFromAnswer({ ok: false, code: cancelled.code, message: cancelled.message });
    this.#options.logger.warn(`realtime: listen at ${JSON.stringify(entry.path)} ended: ${cancelled.code}`);
    this.#cache.removeBelow(entry.segments);
    this.#raise(...this.#listens.delete(entry).map((listener) => () => listener.cancel(error)));
    this.#collectWrites();
  }

  #serverValue(entry: ListenEntry, value: RealtimeValue, hash: string, rev: number): void {
    entry.server = { value, hash, rev };
    entry.cached = undefined;
    this.#cache.write(entry.segments, value);
    this.#collectWrites();
    this.#refresh([entry]);
  }

  // ---------------------------------------------------------------------------------------------- events

  #overlapping(changes: readonly Change[]): ListenEntry[] {
    return this.#listens
      .entries()
      .filter((entry) =>
        changes.some(
          (change) =>
            isPathPrefix(change.segments, entry.segments) || isPathPrefix(entry.segments, change.segments),
        ),
      );
  }

  /** Recomputes the values of `entries` and raises an event for every one that changed. */
  #refresh(entries: readonly ListenEntry[]): void {
    const writes = this.#writes.pending();
    const events: Array<() => void> = [];
    for (const entry of entries) {
      if (!this.#listens.isActive(entry)) continue;
      const view = entryView(entry, writes);
      if (view === undefined || (entry.delivered !== undefined && deepEqual(view, entry.delivered))) continue;
      entry.delivered = view;
      for (const listener of entry.listeners) {
        this.#received.add(listener);
        events.push(() => this.#deliver(entry.listeners, listener, view));
      }
    }
    this.#raise(...events);
  }

  #deliver(listeners: ReadonlySet<Listener>, listener: Listener, value: RealtimeValue): void {
    if (listeners.has(listener)) listener.value(value);
  }

  #listenInfo(path: string, listener: Listener): Unsubscribe {
    const node = this.#info.get(path) as InfoNode;
    node.listeners.add(listener);
    queueMicrotask(() => {
      if (this.#received.has(listener) || !node.listeners.has(listener)) return;
      this.#raise(() => this.#deliver(node.listeners, listener, node.value));
    });
    return () => {
      node.listeners.delete(listener);
    };
  }

  #setInfo(path: string, value: RealtimeValue): void {
    const node = this.#info.get(path) as InfoNode;
    if (node.value === value) return;
    node.value = value;
    const events = [...node.listeners].map((listener) => {
      this.#received.add(listener);
      return () => this.#deliver(node.listeners, listener, value);
    });
    this.#raise(...events);
  }

  /** Queues events (all of one change together, so a callback they run cannot cut in) and runs the queue. */
  #raise(...events: Array<() => void>): void {
    if (this.#closed) return;
    this.#events.push(...events);
    if (this.#draining) return;
    this.#draining = true;
    try {
      while (this.#events.length > 0 && !this.#closed) {
        const next = this.#events.shift() as () => void;
        try {
          next();
        } catch (error) {
          this.#options.logger.error('realtime: a callback threw', error);
        }
      }
    } finally {
      this.#draining = false;
    }
  }

  // ---------------------------------------------------------------------------------------------- waiting

  /** Resolves on the next connection change (or close), or after `ms`. */
  #waitForChange(ms?: number): Promise<void> {
    return new Promise((resolve) => {
      const { timers } = this.#options;
      let timer: TimerHandle | undefined;
      const done = () => {
        if (timer !== undefined) timers.clearTimeout(timer);
        this.#waiters.delete(done);
        resolve();
      };
      if (ms !== undefined) timer = timers.setTimeout(done, ms);
      this.#waiters.add(done);
    });
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}

const IGNORE_ANSWER = { answer: () => {}, drop: () => {} };
