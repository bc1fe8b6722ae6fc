// Group commit on SQLite: queued writes are committed in batches, each batch in ONE synchronous transaction on the
// raw better-sqlite3 connection (at most MAX_BATCH_WRITES writes, closed early past MAX_BATCH_BYTES of documents).
// The writes of a batch are grouped by document and each document is planned once (writePlan.ts) and written once.
// Every write still gets its own revision and its own answer, given (and its change published) only after the batch
// committed, so an acknowledged write is durable. Between batches the committer yields to the event loop, so a
// burst of writes never starves reads, pings and other sockets. If the database fails a batch, its writes are
// retried one per transaction, so each gets its own answer or its own error.
//
// A batch runs while holding Kysely's connection: a Kysely transaction open on it ends first, so a batch never
// becomes part of a transaction someone else may roll back. A caller's own BEGIN, which Kysely does not know of, is
// joined (as a savepoint), as any other query would join it.

import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { RealtimeValue } from '@marquee/protocol';
import type { Database } from '../db/schema';
import type { Hint } from './hintCache';
import {
  MAX_BATCH_BYTES,
  MAX_BATCH_WRITES,
  answer,
  nextTurn,
  planned,
  type CommitContext,
  type QueuedWrite,
  type WriteCommitter,
} from './writeCommitter';
import { planDocument, type DocumentPlan, type DocumentState, type WriteOutcome } from './writePlan';

/** The three statements of a batch, prepared once. */
interface Statements {
  read: BetterSqlite3.Statement<[string], { revision: number; value: string }>;
  insert: BetterSqlite3.Statement<[string, number, string, number]>;
  update: BetterSqlite3.Statement<[number, string, number, string, number]>;
}

/** What a committed batch did. */
interface BatchResult {
  outcomes: Map<QueuedWrite, WriteOutcome>;
  hints: [string, Hint][];
}

export class SqliteGroupCommit implements WriteCommitter {
  private pending: QueuedWrite[] = [];
  private scheduled = false;
  private statements: Statements | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite: BetterSqlite3.Database,
    private readonly context: CommitContext,
  ) {}

  enqueue(write: QueuedWrite): void {
    this.pending.push(write);
    this.schedule();
  }

  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.scheduled) await nextTurn();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate, not a microtask: writes arriving in the same turn join the batch, and I/O runs in between.
    setImmediate(() => {
      void this.runBatch().finally(() => {
        this.scheduled = false;
        if (this.pending.length > 0) this.schedule();
      });
    });
  }

  private async runBatch(): Promise<void> {
    const batch = this.pending.splice(0, MAX_BATCH_WRITES);
    let result: BatchResult;
    try {
      if (!this.sqlite.open) throw new Error('The database is closed');
      result = await this.db.connection().execute(async () => this.commitOrRetry(batch));
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    for (const [docPath, hint] of result.hints) this.context.hints.remember(docPath, hint);
    // In arrival order: the writes of one document in revision order.
    for (const write of batch) {
      const outcome = result.outcomes.get(write);
      if (outcome !== undefined) answer(write, outcome, this.context);
    }
  }

  private commitOrRetry(batch: QueuedWrite[]): BatchResult {
    try {
      return this.commit(batch);
    } catch {
      // The database failed the batch (nothing of it was written): each write alone, with its own answer.
      const outcomes = new Map<QueuedWrite, WriteOutcome>();
      const hints: [string, Hint][] = [];
      for (const write of batch) {
        try {
          const alone = this.commit([write]);
          alone.outcomes.forEach((outcome, key) => outcomes.set(key, outcome));
          hints.push(...alone.hints);
        } catch (error) {
          outcomes.set(write, { error });
        }
      }
      return { outcomes, hints };
    }
  }

  /**
   * Commits `batch` in one transaction, document by document in order of arrival; the writes of documents left
   * over by the byte budget go back to the head of the queue. Throws when the database fails the transaction.
   */
  private commit(batch: QueuedWrite[]): BatchResult {
    const byDocument = new Map<string, QueuedWrite[]>();
    for (const write of batch) {
      const writes = byDocument.get(write.docPath);
      if (writes === undefined) byDocument.set(write.docPath, [write]);
      else writes.push(write);
    }
    const done = new Set<string>();
    const run = this.sqlite.transaction(() => {
      const outcomes = new Map<QueuedWrite, WriteOutcome>();
      const hints: [string, Hint][] = [];
      let chars = 0;
      for (const [docPath, writes] of byDocument) {
        if (chars > MAX_BATCH_BYTES) break;
        const plan = this.commitDocument(docPath, writes);
        writes.forEach((write, index) => outcomes.set(write, plan.outcomes[index]!));
        if (plan.hint !== undefined) hints.push([docPath, plan.hint]);
        chars += plan.row?.text.length ?? 0;
        done.add(docPath);
      }
      return { outcomes, hints };
    });
    const result = run.immediate();
    // Only once committed: a failed batch is retried whole, one write at a time.
    if (done.size < byDocument.size)
      this.pending.unshift(...batch.filter((write) => !done.has(write.docPath)));
    return result;
  }

  /** Plans and writes one document inside the batch's transaction. */
  private commitDocument(docPath: string, writes: QueuedWrite[]): DocumentPlan {
    const statements = this.prepareStatements();
    const read = (): DocumentState => {
      const row = statements.read.get(docPath);
      if (row === undefined) return { value: null, revision: 0, fresh: true };
      return { value: JSON.parse(row.value) as RealtimeValue, revision: row.revision, fresh: true };
    };
    const mutations = writes.map(planned);
    const limits = { maxDocumentBytes: this.context.maxDocumentBytes, now: this.context.clock() };
    const hint = this.context.hints.get(docPath);
    let state: DocumentState = hint ? { value: hint.value, revision: hint.revision, fresh: false } : read();
    for (;;) {
      const plan = planDocument(docPath, mutations, state, limits);
      if (plan === undefined) {
        state = read();
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
      state = read();
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
