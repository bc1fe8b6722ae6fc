// The realtime tree in the relational store (DESIGN.md §2): one JSON document per subtree `{root}/{key}` (e.g.
// players/{id}) with a revision that grows by one with every write that changes it.
//
// A write is read-modify-write of the whole document, committed by ONE conditional statement: UPDATE … WHERE
// revision = the revision read (INSERT … ON CONFLICT DO NOTHING for a new document). If another writer (another
// node, or another store on the same database) got there first, nothing is written, the document is read again and
// the write recomputed, so writes to one document are atomic and totally ordered on any number of nodes. Within
// the process, writes to one document are applied one after the other (below), so they never conflict with
// themselves, and the last written document is kept in memory as a hint that saves the read on the next write
// (the revision check makes a stale hint harmless). Changes are published after the commit, in revision order.
//
// Group commit (SQLite): writes are queued and applied in batches, each batch in ONE synchronous transaction on
// the raw better-sqlite3 connection (at most MAX_BATCH_WRITES writes or about MAX_BATCH_BYTES of documents).
// Every write still gets its own revision and its own answer, given (and its change published) only after the
// batch committed, so an acknowledged write is durable. Between batches the store yields to the event loop, so
// a burst of writes never starves reads, pings and other sockets. A write whose own mutation fails (validation,
// size) fails alone; if the database fails the batch, its writes are retried one per transaction, so each gets
// its own answer or its own error.
//
// Group commit (PostgreSQL): writes are queued the same way and committed in batches of at most MAX_BATCH_WRITES
// writes, a few round trips per batch (postgresBatch.ts): one SELECT for the documents missing from the hints,
// then ONE statement writing every changed document conditionally (UPDATE … WHERE revision = expected, INSERT …
// ON CONFLICT DO NOTHING). A document appears once per batch: its queued writes are applied in order in memory,
// each with its own revision, and the last result is written. A document another node changed meanwhile is not
// written: it is re-read and only its writes redone, as a single write would be. Up to MAX_BATCHES_IN_FLIGHT
// batches run at once over the pool, on disjoint documents, so the writes to one document stay in order. A
// statement the database refused (nothing of it committed) is retried one write at a time, so each write gets its
// own answer; a connection lost mid-statement may have committed it, so its writes are answered with the error
// rather than applied twice.

import type { Kysely } from 'kysely';
import {
  RealtimeValidationError,
  describePath,
  flattenUpdate,
  getAtPath,
  joinPath,
  normalizeForWrite,
  parsePath,
  resolveServerValues,
  setAtPath,
  utf8ByteLength,
  validatePath,
  type RealtimeValue,
} from '@marquee/protocol';
import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';
import {
  isTransientConflict,
  readDocuments,
  refusedByDatabase,
  writeDocuments,
  type ConditionalWrite,
} from './postgresBatch';
import type { PubSub, ResyncHandler, Unsubscribe } from './pubsub';
import { valueHash } from './valueHash';

/** Number of leading path segments that name a document: players/{id}. */
export const DOCUMENT_DEPTH = 2;
/** Largest document, in UTF-8 bytes of its JSON text. Strings alone may be up to MAX_STRING_BYTES each. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
/** Budget of the in-memory hints, in JSON characters. */
const HINT_BUDGET_CHARS = 64 * 1024 * 1024;
/** Conditional writes that lost to another writer before giving up (only under pathological contention). */
const MAX_ATTEMPTS = 100;
/** Writes committed together in one SQLite transaction at most. */
export const MAX_BATCH_WRITES = 512;
/** Documents (JSON characters) written by one batch before it is closed early. */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;
/** PostgreSQL batches committing at once (each holds one pooled connection while it runs). */
export const MAX_BATCHES_IN_FLIGHT = 4;

export interface Snapshot {
  value: RealtimeValue;
  /** Revision of the containing document; 0 when it was never written. */
  revision: number;
}

/** What a committed write changed; `changedPaths` is empty (and nothing was written) when it changed nothing. */
export interface WriteResult {
  docPath: string;
  revision: number;
  changedPaths: string[];
}

/** A conditional set that found the value changed: nothing written; the current value, revision and hash. */
export interface StaleResult {
  stale: true;
  docPath: string;
  revision: number;
  value: RealtimeValue;
  hash: string;
}

/** Published on topicFor(docPath) after every committed change. */
export interface ChangeEvent {
  docPath: string;
  revision: number;
  /** Absolute paths written, e.g. ['players/p1/settings/name']. */
  changedPaths: string[];
  /** The whole document after the change (stored form); null once removed. Treat as immutable. */
  value: RealtimeValue;
  updatedAt: number;
}

/** What a conditional set expects: the document revision it read, or the hash (valueHash) of the value at path. */
export type Expectation = { revision: number } | { hash: string };

export interface DocumentStoreOptions {
  database: DatabaseHandle;
  pubsub: PubSub;
  /** Milliseconds since the epoch: server timestamps and updated_at. */
  clock?: () => number;
  /** Largest document as JSON text (default MAX_DOCUMENT_BYTES). */
  maxDocumentBytes?: number;
}

export function topicFor(docPath: string): string {
  return `realtime:${docPath}`;
}

interface Located {
  segments: string[];
  docPath: string;
  relative: string[];
}

interface DocState {
  value: RealtimeValue;
  revision: number;
  /** Read from the database in this write (not a hint). */
  fresh: boolean;
}

/** Returns the new document, or the stale answer of a conditional set. */
type Mutation = (document: RealtimeValue, revision: number) => RealtimeValue | StaleResult;

/** A write waiting for the next batch (group commit). */
interface PendingWrite {
  docPath: string;
  changedPaths: string[];
  prepare: () => Mutation;
  resolve: (result: WriteResult | StaleResult) => void;
  reject: (error: unknown) => void;
}

/** What a write did inside a batch, applied (hint, publish, answer) once the batch committed. */
type BatchOutcome =
  | { write: PendingWrite; result: WriteResult | StaleResult; event?: ChangeEvent; text?: string }
  | { write: PendingWrite; error: unknown };

/** The writes of one document in a PostgreSQL batch, in arrival order, and what is known of the document. */
interface DocumentBatch {
  docPath: string;
  writes: PendingWrite[];
  /** The writes' mutations, prepared once per batch (or the error preparing one threw). */
  mutations?: (Mutation | OwnError)[];
  /** The state the writes are applied to: a hint, or the stored document (fresh). */
  state?: DocState;
  /** Conditional writes of this document that lost to another writer. */
  attempts: number;
  /** Every write answered. */
  done: boolean;
}

/** The writes of one document applied in memory: their outcomes, and the row to write if any changed it. */
interface DocumentPlan {
  outcomes: BatchOutcome[];
  row?: ConditionalWrite;
  /** The document after the last changing write, for the hints. */
  last?: { value: RealtimeValue; revision: number; size: number };
}

/** An error of the write itself (its mutation or size), not of the database: it fails that write alone. */
class OwnError {
  constructor(readonly error: unknown) {}
}

/** The three statements of a synchronous batch, prepared once. */
interface SyncStatements {
  read: BetterSqlite3.Statement<[string], { revision: number; value: string }>;
  insert: BetterSqlite3.Statement<[string, number, string, number]>;
  update: BetterSqlite3.Statement<[number, string, number, string, number]>;
}

function isStale(result: RealtimeValue | StaleResult): result is StaleResult {
  return typeof result === 'object' && result !== null && (result as StaleResult).stale === true;
}

/** Runs `step`, marking what it throws as the write's own error. */
function own<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw new OwnError(error);
  }
}

function locate(path: string): Located {
  const segments = validatePath(path);
  if (segments.length < DOCUMENT_DEPTH) {
    throw new RealtimeValidationError(
      'invalid_path',
      `Invalid path ${describePath(segments)}: a path must name a document such as players/{id} or a place inside it`,
      joinPath(segments),
    );
  }
  const doc = segments.slice(0, DOCUMENT_DEPTH);
  return { segments, docPath: joinPath(doc), relative: segments.slice(DOCUMENT_DEPTH) };
}

export class DocumentStore {
  private readonly db: Kysely<Database>;
  private readonly pubsub: PubSub;
  private readonly clock: () => number;
  private readonly maxDocumentBytes: number;
  /** Last committed state per document (insertion order = least recently written first). */
  private readonly hints = new Map<string, { value: RealtimeValue; revision: number; size: number }>();
  private hintChars = 0;
  /** The raw SQLite connection when batches can be committed synchronously (group commit). */
  private readonly sqlite: BetterSqlite3.Database | undefined;
  private statements: SyncStatements | undefined;
  private pending: PendingWrite[] = [];
  private batchScheduled = false;
  /** PostgreSQL: writes waiting for a batch, per document in arrival order. */
  private readonly waiting = new Map<string, PendingWrite[]>();
  /** PostgreSQL: documents with writes in a running batch (their later writes wait for a later batch). */
  private readonly busy = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private dispatchScheduled = false;

  constructor(options: DocumentStoreOptions) {
    this.db = options.database.db;
    this.sqlite = options.database.dialect === 'sqlite' ? options.database.sqlite : undefined;
    this.pubsub = options.pubsub;
    this.clock = options.clock ?? Date.now;
    this.maxDocumentBytes = options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES;
  }

  /** The value at `path` (null when absent) and the revision of its document, read from the database. */
  async get(path: string): Promise<Snapshot> {
    const { docPath, relative } = locate(path);
    const state = await this.read(docPath);
    return { value: getAtPath(state.value, relative), revision: state.revision };
  }

  /** Replaces the value at `path`; null (or an empty object) removes it. Server timestamps are resolved. */
  async set(path: string, value: unknown): Promise<WriteResult> {
    const target = locate(path);
    const stored = normalizeForWrite(value, target.segments);
    return this.write(target.docPath, [joinPath(target.segments)], () => {
      const resolved = resolveServerValues(stored, this.clock());
      return (document) => setAtPath(document, target.relative, resolved);
    }) as Promise<WriteResult>;
  }

  /**
   * A multi-path update at `path`, as Firebase's update(): each key is a child path ('a/b' allowed) whose value
   * replaces that node; null removes it. Every key must stay inside the document `path` belongs to.
   */
  async update(path: string, updates: object): Promise<WriteResult> {
    const target = locate(path);
    const flat = flattenUpdate(joinPath(target.segments), updates);
    const paths = Object.keys(flat);
    return this.write(target.docPath, paths, () => {
      const now = this.clock();
      const writes = paths.map((absolute) => ({
        relative: parsePath(absolute).slice(DOCUMENT_DEPTH),
        value: resolveServerValues(flat[absolute] ?? null, now),
      }));
      return (document) =>
        writes.reduce((tree, { relative, value }) => setAtPath(tree, relative, value), document);
    }) as Promise<WriteResult>;
  }

  async remove(path: string): Promise<WriteResult> {
    return this.set(path, null);
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
  ): Promise<WriteResult | StaleResult> {
    const target = locate(path);
    const stored = normalizeForWrite(value, target.segments);
    return this.write(target.docPath, [joinPath(target.segments)], () => {
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
    return this.pubsub.subscribe(topicFor(docPath), (message) => handler(message as ChangeEvent));
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
  async drain(): Promise<void> {
    for (;;) {
      if (this.running.size > 0) await Promise.allSettled([...this.running]);
      else if (this.pending.length > 0 || this.batchScheduled || this.waiting.size > 0)
        await new Promise((resolve) => setImmediate(resolve));
      else return;
    }
  }

  private write(
    docPath: string,
    changedPaths: string[],
    prepare: () => Mutation,
  ): Promise<WriteResult | StaleResult> {
    return new Promise((resolve, reject) => {
      const write = { docPath, changedPaths, prepare, resolve, reject };
      if (this.sqlite !== undefined) {
        this.pending.push(write);
        this.scheduleBatch();
        return;
      }
      const queued = this.waiting.get(docPath);
      if (queued === undefined) this.waiting.set(docPath, [write]);
      else queued.push(write);
      this.schedulePostgresBatches();
    });
  }

  // ---- group commit (SQLite) ----

  private scheduleBatch(): void {
    if (this.batchScheduled) return;
    this.batchScheduled = true;
    // setImmediate, not a microtask: writes arriving in the same turn join the batch, and I/O runs in between.
    setImmediate(() => {
      void this.runBatch().finally(() => {
        this.batchScheduled = false;
        if (this.pending.length > 0) this.scheduleBatch();
      });
    });
  }

  private async runBatch(): Promise<void> {
    const sqlite = this.sqlite as BetterSqlite3.Database;
    if (!sqlite.open) {
      for (const write of this.pending.splice(0)) write.reject(new Error('The database is closed'));
      return;
    }
    if (sqlite.inTransaction) {
      // A transaction is open on the connection (a Kysely transaction, or a caller's own BEGIN): a synchronous
      // batch would silently become part of it. Go through Kysely one write at a time, as without group commit:
      // it waits for a Kysely transaction to end, and joins a caller's explicit one as any other query would.
      for (const write of this.pending.splice(0, MAX_BATCH_WRITES)) {
        try {
          write.resolve(await this.commit(write.docPath, write.changedPaths, write.prepare()));
        } catch (error) {
          write.reject(error);
        }
      }
      return;
    }
    const batch = this.pending.splice(0, MAX_BATCH_WRITES);
    let outcomes: BatchOutcome[];
    try {
      outcomes = this.commitBatch(batch);
    } catch {
      // The database failed the batch (nothing of it was written): each write alone, with its own answer.
      outcomes = [];
      for (const write of batch) {
        try {
          outcomes.push(...this.commitBatch([write]));
        } catch (error) {
          outcomes.push({ write, error });
        }
      }
    }
    for (const outcome of outcomes) {
      if ('error' in outcome) {
        outcome.write.reject(outcome.error);
        continue;
      }
      if (outcome.event !== undefined) {
        this.remember(
          outcome.event.docPath,
          outcome.event.value,
          outcome.event.revision,
          outcome.text!.length,
        );
        this.pubsub.publish(topicFor(outcome.event.docPath), outcome.event);
      }
      outcome.write.resolve(outcome.result);
    }
  }

  /**
   * Applies `batch` (from its start) in one transaction; writes left over by the byte budget go back to the head
   * of the queue. Throws when the database fails the transaction.
   */
  private commitBatch(batch: PendingWrite[]): BatchOutcome[] {
    const sqlite = this.sqlite as BetterSqlite3.Database;
    const statements = (this.statements ??= {
      read: sqlite.prepare('SELECT revision, value FROM realtime_documents WHERE path = ?'),
      insert: sqlite.prepare(
        'INSERT INTO realtime_documents (path, revision, value, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (path) DO NOTHING',
      ),
      update: sqlite.prepare(
        'UPDATE realtime_documents SET revision = ?, value = ?, updated_at = ? WHERE path = ? AND revision = ?',
      ),
    });
    const run = sqlite.transaction(() => {
      // Documents as written by this batch so far (fresh: read or written inside the transaction).
      const written = new Map<string, DocState>();
      const outcomes: BatchOutcome[] = [];
      let chars = 0;
      let index = 0;
      for (; index < batch.length && chars <= MAX_BATCH_BYTES; index++) {
        const write = batch[index]!;
        try {
          const outcome = this.commitSync(write, statements, written);
          if (outcome.text !== undefined) chars += outcome.text.length;
          outcomes.push(outcome);
        } catch (error) {
          if (!(error instanceof OwnError)) throw error;
          outcomes.push({ write, error: error.error });
        }
      }
      return { outcomes, done: index };
    });
    const { outcomes, done } = run.immediate();
    // Only once committed: a failed batch is retried whole, one write at a time.
    if (done < batch.length) this.pending.unshift(...batch.slice(done));
    return outcomes;
  }

  /** One write inside a batch's transaction: commit()'s loop, synchronously. */
  private commitSync(
    write: PendingWrite,
    statements: SyncStatements,
    written: Map<string, DocState>,
  ): Extract<BatchOutcome, { result: unknown }> {
    const { docPath, changedPaths } = write;
    const readSync = (): DocState => {
      const row = statements.read.get(docPath);
      const state: DocState =
        row === undefined
          ? { value: null, revision: 0, fresh: true }
          : { value: JSON.parse(row.value) as RealtimeValue, revision: row.revision, fresh: true };
      written.set(docPath, state);
      return state;
    };
    const mutate = own(() => write.prepare());
    const hint = this.hints.get(docPath);
    let state: DocState =
      written.get(docPath) ??
      (hint ? { value: hint.value, revision: hint.revision, fresh: false } : readSync());
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = state;
      const next = own(() => mutate(current.value, current.revision));
      if (isStale(next) || next === state.value) {
        if (!state.fresh) {
          state = readSync();
          continue;
        }
        return {
          write,
          result: isStale(next) ? next : { docPath, revision: state.revision, changedPaths: [] },
        };
      }
      const text = JSON.stringify(next);
      if (
        text.length > this.maxDocumentBytes / 3 &&
        utf8ByteLength(text, this.maxDocumentBytes) > this.maxDocumentBytes
      ) {
        throw new OwnError(
          new RealtimeValidationError(
            'too_large',
            `Document ${describePath(parsePath(docPath))} would be larger than ${this.maxDocumentBytes} bytes`,
            docPath,
          ),
        );
      }
      const revision = state.revision + 1;
      const updatedAt = this.clock();
      const changes =
        state.revision === 0
          ? statements.insert.run(docPath, revision, text, updatedAt).changes
          : statements.update.run(revision, text, updatedAt, docPath, state.revision).changes;
      if (changes === 1) {
        written.set(docPath, { value: next, revision, fresh: true });
        const event: ChangeEvent = { docPath, revision, changedPaths, value: next, updatedAt };
        return { write, result: { docPath, revision, changedPaths }, event, text };
      }
      state = readSync();
    }
    throw new OwnError(new Error(`Write to ${docPath} lost to concurrent writers ${MAX_ATTEMPTS} times`));
  }

  // ---- group commit (PostgreSQL) ----

  private schedulePostgresBatches(): void {
    if (this.dispatchScheduled || this.running.size >= MAX_BATCHES_IN_FLIGHT) return;
    this.dispatchScheduled = true;
    // setImmediate, as on SQLite: the writes of this turn of the event loop join the batch.
    setImmediate(() => {
      this.dispatchScheduled = false;
      while (this.running.size < MAX_BATCHES_IN_FLIGHT) {
        const batch = this.takePostgresBatch();
        if (batch.length === 0) return;
        const run = this.runPostgresBatch(batch).finally(() => {
          this.running.delete(run);
          this.schedulePostgresBatches();
        });
        this.running.add(run);
      }
    });
  }

  /** Takes up to MAX_BATCH_WRITES waiting writes, oldest first, of documents no running batch holds. */
  private takePostgresBatch(): DocumentBatch[] {
    const batch: DocumentBatch[] = [];
    let count = 0;
    for (const [docPath, queued] of this.waiting) {
      if (count >= MAX_BATCH_WRITES) break;
      if (this.busy.has(docPath)) continue;
      const room = MAX_BATCH_WRITES - count;
      const writes = queued.length <= room ? queued : queued.splice(0, room);
      if (writes === queued) this.waiting.delete(docPath);
      this.busy.add(docPath);
      count += writes.length;
      batch.push({ docPath, writes, attempts: 0, done: false });
    }
    return batch;
  }

  /**
   * Commits `batch`, answering every write in it; never throws. Its documents stay busy until it ends (unless
   * `release` is false: a write retried alone by its batch, which releases them).
   */
  private async runPostgresBatch(batch: DocumentBatch[], release = true): Promise<void> {
    let open = batch;
    try {
      const unknown: DocumentBatch[] = [];
      for (const entry of batch) {
        const hint = this.hints.get(entry.docPath);
        if (hint === undefined) unknown.push(entry);
        else entry.state = { value: hint.value, revision: hint.revision, fresh: false };
      }
      await this.readInto(unknown);
      for (let round = 0; open.length > 0; round++) {
        const plans = new Map<DocumentBatch, DocumentPlan>();
        const reread: DocumentBatch[] = [];
        let chars = 0;
        for (let index = 0; index < open.length; index++) {
          const entry = open[index]!;
          if (round === 0 && chars > MAX_BATCH_BYTES) {
            // The batch is full: the documents not reached go back to the head of their queues, unchanged.
            this.giveBack(open.slice(index));
            open = open.slice(0, index);
            break;
          }
          const plan = this.plan(entry);
          if (plan === undefined) reread.push(entry);
          else plans.set(entry, plan);
          chars += plan?.row?.text.length ?? 0;
        }
        // A stale answer or a no-op must be judged against the stored document, not a hint.
        await this.readInto(reread);
        for (const entry of reread) plans.set(entry, this.plan(entry)!);

        const rows: ConditionalWrite[] = [];
        for (const [entry, plan] of plans) {
          if (plan.row === undefined) this.settle(entry, plan);
          else rows.push(plan.row);
        }
        let written: Set<string>;
        try {
          written = rows.length > 0 ? await writeDocuments(this.db, rows) : new Set();
        } catch (error) {
          // A deadlock with another node's batch rolled the statement back: every document is redone.
          if (!isTransientConflict(error)) throw error;
          written = new Set();
        }
        const lost: DocumentBatch[] = [];
        for (const [entry, plan] of plans) {
          if (entry.done) continue;
          if (written.has(entry.docPath)) {
            this.settle(entry, plan);
          } else if (++entry.attempts >= MAX_ATTEMPTS) {
            const error = new Error(
              `Write to ${entry.docPath} lost to concurrent writers ${MAX_ATTEMPTS} times`,
            );
            this.settle(entry, { outcomes: entry.writes.map((write) => ({ write, error })) });
          } else {
            lost.push(entry);
          }
        }
        // Another writer got there first: read the document again and redo its writes.
        await this.readInto(lost);
        open = lost;
      }
    } catch (error) {
      const unanswered = open.filter((entry) => !entry.done);
      const writes = unanswered.reduce((sum, entry) => sum + entry.writes.length, 0);
      if (writes > 1 && refusedByDatabase(error)) {
        // Nothing of the statement was written: each write alone, so each gets its own answer or its own error.
        for (const entry of unanswered) {
          for (const write of entry.writes) {
            const alone = { docPath: entry.docPath, writes: [write], attempts: 0, done: false };
            await this.runPostgresBatch([alone], false);
          }
          entry.done = true;
        }
      } else {
        for (const entry of unanswered) {
          this.settle(entry, { outcomes: entry.writes.map((write) => ({ write, error })) });
        }
      }
    } finally {
      if (release) for (const entry of batch) this.busy.delete(entry.docPath);
    }
  }

  /** Reads the stored state of the documents of `entries` in one query. */
  private async readInto(entries: DocumentBatch[]): Promise<void> {
    if (entries.length === 0) return;
    const stored = await readDocuments(
      this.db,
      entries.map((entry) => entry.docPath),
    );
    for (const entry of entries) {
      const row = stored.get(entry.docPath);
      if (row === undefined) {
        entry.state = { value: null, revision: 0, fresh: true };
        continue;
      }
      const value = JSON.parse(row.text) as RealtimeValue;
      this.remember(entry.docPath, value, row.revision, row.text.length);
      entry.state = { value, revision: row.revision, fresh: true };
    }
  }

  /**
   * Applies the writes of `entry` in order to its state, in memory: each changing write gets the next revision.
   * Undefined when a write answered stale or changed nothing on a hint: the stored document must be read first.
   */
  private plan(entry: DocumentBatch): DocumentPlan | undefined {
    const { docPath } = entry;
    const mutations = (entry.mutations ??= entry.writes.map((write) => {
      try {
        return write.prepare();
      } catch (error) {
        return new OwnError(error);
      }
    }));
    const base = entry.state!;
    let state = base;
    let row: ConditionalWrite | undefined;
    const outcomes: BatchOutcome[] = [];
    for (const [index, write] of entry.writes.entries()) {
      const mutate = mutations[index]!;
      try {
        if (mutate instanceof OwnError) throw mutate.error;
        const next = mutate(state.value, state.revision);
        if (isStale(next) || next === state.value) {
          if (!base.fresh) return undefined;
          const result = isStale(next) ? next : { docPath, revision: state.revision, changedPaths: [] };
          outcomes.push({ write, result });
          continue;
        }
        const text = JSON.stringify(next);
        this.checkSize(docPath, text);
        const revision = state.revision + 1;
        const updatedAt = this.clock();
        const { changedPaths } = write;
        const event: ChangeEvent = { docPath, revision, changedPaths, value: next, updatedAt };
        outcomes.push({ write, result: { docPath, revision, changedPaths }, event, text });
        state = { value: next, revision, fresh: base.fresh };
        row = { path: docPath, expected: base.revision, revision, text, updatedAt };
      } catch (error) {
        outcomes.push({ write, error });
      }
    }
    if (row === undefined) return { outcomes };
    return { outcomes, row, last: { value: state.value, revision: row.revision, size: row.text.length } };
  }

  /** Answers the writes of `entry` (its plan committed, or it failed): hint, publish in order, answer. */
  private settle(entry: DocumentBatch, plan: DocumentPlan): void {
    if (plan.last !== undefined)
      this.remember(entry.docPath, plan.last.value, plan.last.revision, plan.last.size);
    for (const outcome of plan.outcomes) {
      if ('error' in outcome) {
        outcome.write.reject(outcome.error);
        continue;
      }
      if (outcome.event !== undefined) this.pubsub.publish(topicFor(entry.docPath), outcome.event);
      outcome.write.resolve(outcome.result);
    }
    entry.done = true;
  }

  /** Puts the writes of `entries` back at the head of their documents' queues, for the next batch. */
  private giveBack(entries: DocumentBatch[]): void {
    for (const entry of entries) {
      const queued = this.waiting.get(entry.docPath);
      if (queued === undefined) this.waiting.set(entry.docPath, entry.writes);
      else queued.unshift(...entry.writes);
      entry.writes = [];
      entry.done = true;
    }
  }

  /** Throws too_large when `text` (a document's JSON) is over the limit. */
  private checkSize(docPath: string, text: string): void {
    // Each UTF-16 unit is at most 3 UTF-8 bytes: only a long text needs counting.
    if (
      text.length > this.maxDocumentBytes / 3 &&
      utf8ByteLength(text, this.maxDocumentBytes) > this.maxDocumentBytes
    ) {
      throw new RealtimeValidationError(
        'too_large',
        `Document ${describePath(parsePath(docPath))} would be larger than ${this.maxDocumentBytes} bytes`,
        docPath,
      );
    }
  }

  private async commit(
    docPath: string,
    changedPaths: string[],
    mutate: Mutation,
  ): Promise<WriteResult | StaleResult> {
    const hint = this.hints.get(docPath);
    let state: DocState = hint
      ? { value: hint.value, revision: hint.revision, fresh: false }
      : await this.read(docPath);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const next = mutate(state.value, state.revision);
      if (isStale(next) || next === state.value) {
        // A stale answer or a no-op must be judged against the stored document, not a hint.
        if (!state.fresh) {
          state = await this.read(docPath);
          continue;
        }
        return isStale(next) ? next : { docPath, revision: state.revision, changedPaths: [] };
      }
      const text = JSON.stringify(next);
      this.checkSize(docPath, text);
      const revision = state.revision + 1;
      const updatedAt = this.clock();
      if (await this.writeIfRevision(docPath, state.revision, revision, text, updatedAt)) {
        this.remember(docPath, next, revision, text.length);
        const event: ChangeEvent = { docPath, revision, changedPaths, value: next, updatedAt };
        this.pubsub.publish(topicFor(docPath), event);
        return { docPath, revision, changedPaths };
      }
      state = await this.read(docPath);
    }
    throw new Error(`Write to ${docPath} lost to concurrent writers ${MAX_ATTEMPTS} times`);
  }

  private async read(docPath: string): Promise<DocState> {
    const row = await this.db
      .selectFrom('realtime_documents')
      .select(['revision', 'value'])
      .where('path', '=', docPath)
      .executeTakeFirst();
    if (row === undefined) return { value: null, revision: 0, fresh: true };
    const value = JSON.parse(row.value) as RealtimeValue;
    this.remember(docPath, value, row.revision, row.value.length);
    return { value, revision: row.revision, fresh: true };
  }

  /** The conditional statement: true when it wrote, false when the stored revision is no longer `expected`. */
  private async writeIfRevision(
    docPath: string,
    expected: number,
    revision: number,
    text: string,
    updatedAt: number,
  ): Promise<boolean> {
    if (expected === 0) {
      const result = await this.db
        .insertInto('realtime_documents')
        .values({ path: docPath, revision, value: text, updated_at: updatedAt })
        .onConflict((conflict) => conflict.column('path').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    const result = await this.db
      .updateTable('realtime_documents')
      .set({ revision, value: text, updated_at: updatedAt })
      .where('path', '=', docPath)
      .where('revision', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private remember(docPath: string, value: RealtimeValue, revision: number, size: number): void {
    const old = this.hints.get(docPath);
    if (old !== undefined) {
      if (old.revision > revision) return; // never go back to an older state
      this.hintChars -= old.size;
      this.hints.delete(docPath);
    }
    if (size > HINT_BUDGET_CHARS / 4) return;
    this.hints.set(docPath, { value, revision, size });
    this.hintChars += size;
    // Only when over budget, and then down to 90% of it: iterating a Map from its start walks over the slots of
    // every entry deleted since it was last compacted, which would make each write cost as much as thousands.
    if (this.hintChars <= HINT_BUDGET_CHARS) return;
    for (const [oldest, entry] of this.hints) {
      if (this.hintChars <= HINT_BUDGET_CHARS * 0.9) break;
      this.hints.delete(oldest);
      this.hintChars -= entry.size;
    }
  }
}
