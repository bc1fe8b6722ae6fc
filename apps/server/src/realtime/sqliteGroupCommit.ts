// Group commit on SQLite: queued writes are committed in batches, each batch in ONE synchronous transaction on the
// raw better-sqlite3 connection (at most MAX_BATCH_WRITES writes, closed early past MAX_BATCH_BYTES of documents).
// The writes of a batch are grouped by document and each document is planned once (writePlan.ts) and written once.
// Every write still gets its own revision and its own answer, given (and its change published) only after the batch
// committed, so an acknowledged write is durable. Between batches the committer yields to the event loop, so a
// burst of writes never starves reads, pings and other sockets. If the database fails a batch, its writes are
// retried one per transaction, so each gets its own answer or its own error.
//
// Batches are queued and run a turn of the event loop at a time, never inside a Kysely transaction
// (db/sqliteTurnQueue.ts). Each committed batch is told to the WAL checkpoints' thread (db/walCheckpointer.ts).

import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { RealtimeValue } from '@marquee/protocol';
import type { Database } from '../db/schema';
import type { Hint } from './hintCache';
import { SqliteTurnQueue } from '../db/sqliteTurnQueue';
import type { WalCheckpointer } from '../db/walCheckpointer';
import {
  MAX_BATCH_BYTES,
  MAX_BATCH_WRITES,
  answer,
  planned,
  type CommitContext,
  type QueuedWrite,
  type WriteCommitter,
} from './writeCommitter';
import {
  planDocument,
  type DocumentPlan,
  type DocumentState,
  type PlanLimits,
  type WriteOutcome,
} from './writePlan';

/** The three statements of a batch, prepared once. */
interface Statements {
  read: BetterSqlite3.Statement<[string], { revision: number; value: string }>;
  insert: BetterSqlite3.Statement<[string, number, string, number]>;
  update: BetterSqlite3.Statement<[number, string, number, string, number]>;
}

/** The writes of one document in a batch: their places in the batch, in arrival order. */
interface DocumentGroup {
  docPath: string;
  writes: QueuedWrite[];
  positions: number[];
}

/** What a committed batch did: an outcome per write of the batch (none for a write given back to the queue). */
interface BatchResult {
  outcomes: (WriteOutcome | undefined)[];
  hints: [string, Hint][];
}

export class SqliteGroupCommit implements WriteCommitter {
  private readonly queue: SqliteTurnQueue<QueuedWrite, BatchResult>;
  private statements: Statements | undefined;
  /** The batch's transaction, made once (better-sqlite3 builds its wrappers at every transaction() call). */
  private transaction: ((...args: Parameters<SqliteGroupCommit['commitDocuments']>) => number) | undefined;

  constructor(
    db: Kysely<Database>,
    private readonly sqlite: BetterSqlite3.Database,
    private readonly context: CommitContext,
    private readonly checkpoints?: WalCheckpointer,
  ) {
    this.queue = new SqliteTurnQueue(db as Kysely<unknown>, sqlite, {
      maxBatch: MAX_BATCH_WRITES,
      commit: (batch) => this.commitOrRetry(batch),
      done: (batch, result) => this.answer(batch, result),
      failed: (batch, error) => {
        for (const write of batch) write.reject(error);
      },
    });
  }

  enqueue(write: QueuedWrite): void {
    this.queue.push(write);
  }

  drain(): Promise<void> {
    return this.queue.drain();
  }

  private answer(batch: QueuedWrite[], result: BatchResult): void {
    this.checkpoints?.committed(batch.length);
    for (const [docPath, hint] of result.hints) this.context.hints.remember(docPath, hint);
    // In arrival order: the writes of one document in revision order.
    for (let index = 0; index < batch.length; index++) {
      const outcome = result.outcomes[index];
      if (outcome !== undefined) answer(batch[index]!, outcome, this.context);
    }
  }

  private commitOrRetry(batch: QueuedWrite[]): BatchResult {
    try {
      return this.commit(batch);
    } catch {
      // The database failed the batch (nothing of it was written): each write alone, with its own answer.
      const result: BatchResult = { outcomes: [], hints: [] };
      for (const write of batch) {
        try {
          const alone = this.commit([write]);
          result.outcomes.push(alone.outcomes[0]);
          result.hints.push(...alone.hints);
        } catch (error) {
          result.outcomes.push({ error });
        }
      }
      return result;
    }
  }

  /**
   * Commits `batch` in one transaction, document by document in order of arrival; the writes of documents left
   * over by the byte budget go back to the head of the queue. Throws when the database fails the transaction.
   */
  private commit(batch: QueuedWrite[]): BatchResult {
    const groups: DocumentGroup[] = [];
    const byPath = new Map<string, DocumentGroup>();
    for (let position = 0; position < batch.length; position++) {
      const write = batch[position]!;
      const group = byPath.get(write.docPath);
      if (group === undefined) {
        const created = { docPath: write.docPath, writes: [write], positions: [position] };
        byPath.set(write.docPath, created);
        groups.push(created);
      } else {
        group.writes.push(write);
        group.positions.push(position);
      }
    }
    const statements = this.prepareStatements();
    const limits = { maxDocumentBytes: this.context.maxDocumentBytes, now: this.context.clock() };
    const result: BatchResult = { outcomes: new Array(batch.length), hints: [] };
    this.transaction ??= this.sqlite.transaction(this.commitDocuments.bind(this)).immediate;
    const done = this.transaction(groups, statements, limits, result);
    // Only once committed: a failed batch is retried whole, one write at a time.
    if (done < groups.length) {
      const left = groups.slice(done).flatMap((group) => group.positions);
      this.queue.requeue(left.sort((a, b) => a - b).map((position) => batch[position]!));
    }
    return result;
  }

  /** Inside the batch's transaction: the documents in order, until MAX_BATCH_BYTES; answers how many were written. */
  private commitDocuments(
    groups: readonly DocumentGroup[],
    statements: Statements,
    limits: PlanLimits,
    result: BatchResult,
  ): number {
    let done = 0;
    let chars = 0;
    for (; done < groups.length && chars <= MAX_BATCH_BYTES; done++) {
      const group = groups[done]!;
      const plan = this.commitDocument(group, statements, limits);
      for (let index = 0; index < group.positions.length; index++) {
        result.outcomes[group.positions[index]!] = plan.outcomes[index];
      }
      if (plan.hint !== undefined) result.hints.push([group.docPath, plan.hint]);
      chars += plan.row?.text.length ?? 0;
    }
    return done;
  }

  /** Plans and writes one document inside the batch's transaction. */
  private commitDocument(group: DocumentGroup, statements: Statements, limits: PlanLimits): DocumentPlan {
    const { docPath } = group;
    const mutations = group.writes.map(planned);
    const hint = this.context.hints.get(docPath);
    let state = hint
      ? { value: hint.value, revision: hint.revision, fresh: false }
      : read(statements, docPath);
    for (;;) {
      const plan = planDocument(docPath, mutations, state, limits);
      if (plan === undefined) {
        state = read(statements, docPath);
        continue;
      }
      const { row } = plan;
      if (row === undefined) return plan;
      const changes =
        row.expected === 0
          ? statements.insert.run(docPath, row.revision, row.text, row.updatedAt).changes
          : statements.update.run(row.revision, row.text, row.updatedAt, docPath, row.expected).changes;
      if (changes === 1) return plan;
      // Inside the transaction nobody else writes: only a stale hint can lose, once.
      if (state.fresh) throw new Error(`Write to ${docPath} lost inside its own transaction`);
      state = read(statements, docPath);
    }
  }

  private prepareStatements(): Statements {
    return (this.statements ??= {
      read: this.sqlite.prepare('SELECT revision, value FROM realtime_documents WHERE path = ?'),
      insert: this.sqlite.prepare(
        'INSERT INTO realtime_documents (path, revision, value, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (path) DO NOTHING',
      ),
      update: this.sqlite.prepare(
        'UPDATE realtime_documents SET revision = ?, value = ?, updated_at = ? WHERE path = ? AND revision = ?',
      ),
    });
  }
}

function read(statements: Statements, docPath: string): DocumentState {
  const row = statements.read.get(docPath);
  if (row === undefined) return { value: null, revision: 0, fresh: true };
  return { value: JSON.parse(row.value) as RealtimeValue, revision: row.revision, fresh: true };
}
