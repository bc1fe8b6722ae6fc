// The realtime tree in the relational store (docs/data-model.md §The player document): one JSON document per
// subtree `{root}/{key}` (e.g. players/{id}) with a revision that grows by one with every write that changes it.
//
// A write is read-modify-write of the whole document, committed by ONE conditional statement: UPDATE … WHERE
// revision = the revision read (INSERT … ON CONFLICT DO NOTHING for a new document). If another writer (another
// node, or another store on the same database) got there first, nothing is written, the document is read again and
// the write recomputed, so writes to one document are atomic and totally ordered on any number of nodes. Writes are
// queued and committed in batches by the committer of the database's dialect (sqliteGroupCommit.ts,
// postgresGroupCommit.ts), which plan every document alike (writePlan.ts); the last written state of a document is
// kept as a hint that saves the read on its next write (hintCache.ts). Changes are published after the commit, in
// revision order, and a write is answered only once it is durable.

import {
  flattenUpdate,
  getAtPath,
  normalizeForWrite,
  parsePath,
  resolveServerValues,
  setAtPath,
  type RealtimeValue,
} from '@marquee/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DatabaseHandle } from '../db/database';
import { batchedRead, type BatchedRead } from '../db/batchedRead';
import { DOCUMENT_DEPTH, locateInDocument, topicFor, type DocumentLocation } from './documentPath';
import { HintCache } from './hintCache';
import { PostgresGroupCommit } from './postgresGroupCommit';
import { InProcessPubSub, type PubSub, type ResyncHandler, type Unsubscribe } from './pubsub';
import { SqliteGroupCommit } from './sqliteGroupCommit';
import { valueHash } from './valueHash';
import type { CommitContext, QueuedWrite, WriteCommitter } from './writeCommitter';
import {
  changeEventText,
  isStale,
  type ChangeEvent,
  type Mutation,
  type StaleResult,
  type WriteResult,
} from './writePlan';

export type { ChangeEvent, StaleResult, WriteResult } from './writePlan';
export { topicFor } from './documentPath';

/** Largest document, in UTF-8 bytes of its JSON text. Strings alone may be up to MAX_STRING_BYTES each. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

export interface Snapshot {
  value: RealtimeValue;
  /** Revision of the containing document; 0 when it was never written. */
  revision: number;
}

/** What a conditional set expects: the document revision it read, or the hash (valueHash) of the value at path. */
export type Expectation = { revision: number } | { hash: string };

/** Conditions a write carries into its commit, judged on the document it is applied to. */
export interface WriteOptions {
  /**
   * Called with the document the write would produce (only when it changes it) and the one it was applied to;
   * throws to refuse the write, which then fails alone and changes nothing.
   */
  check?: (document: RealtimeValue, before: RealtimeValue) => void;
  /** Writes only into a document that exists; on a missing one the write changes nothing. */
  onlyIfExists?: boolean;
  /**
   * Committed ahead of the writes the fleet's connections queued before it (an operator's command): on PostgreSQL,
   * in a batch of its own beside those in flight (postgresGroupCommit.ts). Writes to one document keep their order.
   */
  ahead?: boolean;
}

export interface DocumentStoreOptions {
  database: DatabaseHandle;
  pubsub: PubSub;
  /** Milliseconds since the epoch: server timestamps and updated_at. */
  clock?: () => number;
  /** Largest document as JSON text (default MAX_DOCUMENT_BYTES). */
  maxDocumentBytes?: number;
  /**
   * Whether other nodes write the same documents (default: unless `pubsub` is in process). Then a write hint is
   * trusted only for a document this node watches, whose other nodes' changes keep it current (see `trusted`).
   */
  otherNodes?: boolean;
}

/** `mutate` under the conditions of `options`. */
function guarded(mutate: Mutation, { check, onlyIfExists }: WriteOptions): Mutation {
  if (check === undefined && onlyIfExists !== true) return mutate;
  return (document, revision) => {
    if (onlyIfExists === true && document === null) return document;
    const next = mutate(document, revision);
    if (check !== undefined && next !== document && !isStale(next)) check(next, document);
    return next;
  };
}

/** Told the outcome of a write: its result, or (result undefined) the error that failed it. Must not throw. */
export type WriteCallback = (error: unknown, result: WriteResult | undefined) => void;

/**
 * A queued set, as one object whose methods the committer calls: a connection's every write takes this way, and a
 * promise, its resolving functions and a closure per step would each be one more object per write to collect.
 */
class QueuedSet implements QueuedWrite {
  readonly docPath: string;
  readonly changedPaths: string[];
  readonly topic: string;
  readonly ahead: boolean | undefined;

  constructor(
    private readonly target: DocumentLocation,
    private readonly stored: RealtimeValue,
    private readonly options: WriteOptions,
    private readonly clock: () => number,
    private readonly done: WriteCallback,
  ) {
    this.docPath = target.docPath;
    this.changedPaths = [target.path];
    this.topic = target.topic;
    this.ahead = options.ahead;
  }

  prepare(): Mutation {
    const resolved = resolveServerValues(this.stored, this.clock());
    const { relative } = this.target;
    return guarded((document) => setAtPath(document, relative, resolved), this.options);
  }

  resolve(result: WriteResult | StaleResult): void {
    this.done(undefined, result as WriteResult); // a set is never stale
  }

  reject(error: unknown): void {
    this.done(error, undefined);
  }
}

export class DocumentStore {
  /** A document's row: every listen's first read (batched by turn, db/batchedRead.ts). */
  private readonly documentRow: BatchedRead<{ path: string; revision: number; value: string }>;
  private readonly pubsub: PubSub;
  private readonly clock: () => number;
  private readonly hints = new HintCache();
  private readonly committer: WriteCommitter;
  /** Watches per document on this node, counted only with other nodes: the documents whose hints are current. */
  private readonly watched = new Map<string, number>();
  private readonly otherNodes: boolean;

  constructor(options: DocumentStoreOptions) {
    const row = (db: Kysely<Database>) =>
      db.selectFrom('realtime_documents').select(['path', 'revision', 'value']);
    this.documentRow = batchedRead(options.database, {
      one: (db, docPath) => row(db).where('path', '=', docPath),
      many: (db, docPaths) => row(db).where('path', '=', (eb) => eb.fn.any(eb.val(docPaths))),
      keyOf: (stored) => stored.path,
    });
    this.pubsub = options.pubsub;
    this.clock = options.clock ?? Date.now;
    const otherNodes = options.otherNodes ?? !(options.pubsub instanceof InProcessPubSub);
    this.otherNodes = otherNodes;
    const context: CommitContext = {
      hints: this.hints,
      // A document nobody here watches is written here by an operator's request now and then, and by its player
      // on another node meanwhile: its hint, this node's last write, is stale as a rule, and a write planned on it
      // lost its conditional UPDATE, read the document and was redone (three round trips, the whole batch waiting,
      // where a read first takes two).
      trusted: otherNodes ? (docPath) => this.watched.has(docPath) : () => true,
      publish: (event, text, topic) =>
        this.pubsub.publish(
          topic,
          event,
          text === undefined ? undefined : () => changeEventText(event, text),
        ),
      clock: this.clock,
      maxDocumentBytes: options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES,
    };
    const { db, sqlite, walCheckpoints } = options.database;
    this.committer =
      sqlite === undefined
        ? new PostgresGroupCommit(db, context)
        : new SqliteGroupCommit(db, sqlite, context, walCheckpoints);
  }

  /** The value at `path` (null when absent) and the revision of its document, read from the database. */
  async get(path: string): Promise<Snapshot> {
    const { docPath, relative } = locateInDocument(path);
    const [row] = await this.documentRow(docPath);
    if (row === undefined) return { value: null, revision: 0 };
    const value = JSON.parse(row.value) as RealtimeValue;
    this.hints.remember(docPath, { value, revision: row.revision, size: row.value.length });
    return { value: getAtPath(value, relative), revision: row.revision };
  }

  /** Replaces the value at `path`; null (or an empty object) removes it. Server timestamps are resolved. */
  async set(path: string, value: unknown, options: WriteOptions = {}): Promise<WriteResult> {
    const target = locateInDocument(path);
    return this.setNormalized(target, normalizeForWrite(value, target.segments), options);
  }

  /**
   * set() of a value its caller has already located and normalized (normalizeForWrite at `target.segments`): a
   * connection validates a write before its rules, and each write of a busy fleet would otherwise do both twice.
   */
  setNormalized(
    target: DocumentLocation,
    stored: RealtimeValue,
    options: WriteOptions = {},
  ): Promise<WriteResult> {
    return new Promise((resolve, reject) =>
      this.setNormalizedThen(target, stored, options, (error, result) =>
        result === undefined ? reject(error) : resolve(result),
      ),
    );
  }

  /**
   * setNormalized() that tells `done` instead of answering a promise: queued now, `done` called once the write is
   * committed (or failed), from inside the committer's answers.
   */
  setNormalizedThen(
    target: DocumentLocation,
    stored: RealtimeValue,
    options: WriteOptions,
    done: WriteCallback,
  ): void {
    this.committer.enqueue(new QueuedSet(target, stored, options, this.clock, done));
  }

  /**
   * A multi-path update at `path`, as Firebase's update(): each key is a child path ('a/b' allowed) whose value
   * replaces that node; null removes it. Every key must stay inside the document `path` belongs to.
   */
  async update(path: string, updates: object, options: WriteOptions = {}): Promise<WriteResult> {
    const target = locateInDocument(path);
    const flat = flattenUpdate(target.path, updates);
    const paths = Object.keys(flat);
    return this.write(target.docPath, paths, options, () => {
      const now = this.clock();
      const writes = paths.map((absolute) => ({
        relative: parsePath(absolute).slice(DOCUMENT_DEPTH),
        value: resolveServerValues(flat[absolute] ?? null, now),
      }));
      return (document) =>
        writes.reduce((tree, { relative, value }) => setAtPath(tree, relative, value), document);
    }) as Promise<WriteResult>;
  }

  async remove(path: string, options: WriteOptions = {}): Promise<WriteResult> {
    return this.set(path, null, options);
  }

  /**
   * Sets `value` at `path` only if the value there is still what the caller read: `expected.revision` is compared
   * with the document's revision, `expected.hash` with valueHash of the value at `path`. Otherwise nothing is
   * written and the answer is stale, with the current value for the caller to retry with (transactions).
   */
  async compareAndSet(
    path: string,
    expected: Expectation,
    value: unknown,
    options: WriteOptions = {},
  ): Promise<WriteResult | StaleResult> {
    const target = locateInDocument(path);
    return this.compareAndSetNormalized(target, expected, normalizeForWrite(value, target.segments), options);
  }

  /** compareAndSet() of a value already located and normalized, as setNormalized(). */
  compareAndSetNormalized(
    target: DocumentLocation,
    expected: Expectation,
    stored: RealtimeValue,
    options: WriteOptions = {},
  ): Promise<WriteResult | StaleResult> {
    return this.write(target.docPath, [target.path], options, () => {
      const resolved = resolveServerValues(stored, this.clock());
      return (document, revision) => {
        const current = getAtPath(document, target.relative);
        const matches =
          'revision' in expected ? expected.revision === revision : expected.hash === valueHash(current);
        if (!matches) {
          return { stale: true, docPath: target.docPath, revision, value: current, hash: valueHash(current) };
        }
        return setAtPath(document, target.relative, resolved);
      };
    });
  }

  /** Calls `handler` with every change of the document at `docPath` committed from now on (on any node). */
  watch(docPath: string, handler: (event: ChangeEvent) => void): Unsubscribe {
    const unsubscribe = this.pubsub.subscribe(topicFor(docPath), (message) => {
      const event = message as ChangeEvent;
      this.learn(event);
      handler(event);
    });
    if (!this.otherNodes) return unsubscribe;
    this.watched.set(docPath, (this.watched.get(docPath) ?? 0) + 1);
    let watching = true;
    return () => {
      if (!watching) return;
      watching = false;
      unsubscribe();
      const left = this.watched.get(docPath)! - 1;
      if (left > 0) this.watched.set(docPath, left);
      else this.watched.delete(docPath);
    };
  }

  /**
   * Keeps a change another node committed as this node's write hint of the document: without it, the next write
   * here (a player's own, after an operator's command through another node) was planned on the old hint, lost its
   * conditional write, read the document again and was redone.
   */
  private learn(event: ChangeEvent): void {
    const { docPath, revision, value, size } = event;
    if (size === undefined || value === null) return;
    const known = this.hints.get(docPath);
    if (known !== undefined && known.revision >= revision) return; // this node's own change, or an older one
    this.hints.remember(docPath, { value, revision, size });
  }

  /** Resolves once changes of `docPath` committed on any node reach its watch handlers (PubSub.whenSubscribed). */
  watching(docPath: string): Promise<void> {
    return this.pubsub.whenSubscribed(topicFor(docPath));
  }

  /** `handler` runs whenever watch handlers may have missed changes of other nodes (PubSub.onResync). */
  onMissedChanges(handler: ResyncHandler): Unsubscribe {
    return this.pubsub.onResync(handler);
  }

  /** Resolves once every write queued so far has finished (used before closing the database). */
  drain(): Promise<void> {
    return this.committer.drain();
  }

  private write(
    docPath: string,
    changedPaths: string[],
    options: WriteOptions,
    prepare: () => Mutation,
  ): Promise<WriteResult | StaleResult> {
    return new Promise((resolve, reject) => {
      this.committer.enqueue({
        docPath,
        topic: topicFor(docPath),
        changedPaths,
        ahead: options.ahead,
        prepare: () => guarded(prepare(), options),
        resolve,
        reject,
      });
    });
  }
}
