// Group commit on PostgreSQL: writes are queued per document and committed in batches of at most MAX_BATCH_WRITES
// writes, a few round trips per batch (postgresStatements.ts): one SELECT for the documents missing from the hints,
// then ONE statement writing every changed document conditionally (UPDATE … WHERE revision = expected, INSERT … ON
// CONFLICT DO NOTHING). A document appears once per batch: its queued writes are planned in order (writePlan.ts),
// each with its own revision, and the last result is written. A document another node changed meanwhile is not
// written: it is re-read and only its writes redone. Up to MAX_BATCHES_IN_FLIGHT batches run at once over the pool,
// on disjoint documents, so the writes to one document stay in order. A statement the database refused (nothing of
// it committed) is retried one write at a time, so each write gets its own answer; a connection lost mid-statement
// may have committed it, so its writes are answered with the error rather than applied twice.
//
// A write queued `ahead` (an operator's command: WriteOptions.ahead) does not wait behind the fleet's: its document
// is taken first, and when every batch place is held, it goes in one more batch of such documents alone. Under a
// fleet writing flat out, the writes in flight on a node are a batch's worth (the write gate, writeGate.ts), and a
// command queued behind them waited for one to two batches to commit before its own.

import type { Kysely } from 'kysely';
import type { RealtimeValue } from '@marquee/protocol';
import type { Database } from '../db/schema';
import { isTransientConflict, refusedByDatabase } from '../db/postgresErrors';
import { readDocuments, writeDocuments } from './postgresStatements';
import {
  MAX_ATTEMPTS,
  MAX_BATCH_BYTES,
  MAX_BATCH_WRITES,
  answer,
  lostTooOften,
  nextTurn,
  planned,
  type CommitContext,
  type QueuedWrite,
  type WriteCommitter,
} from './writeCommitter';
import {
  planDocument,
  type ConditionalWrite,
  type DocumentPlan,
  type DocumentState,
  type PlannedWrite,
} from './writePlan';

/** Batches committing at once (each holds one pooled connection while it runs), besides one of writes `ahead`. */
export const MAX_BATCHES_IN_FLIGHT = 4;

/** The writes of one document in a batch, in arrival order, and what is known of the document. */
interface DocumentBatch {
  docPath: string;
  writes: QueuedWrite[];
  /** The writes prepared once per batch. */
  planned?: PlannedWrite[];
  /** The state the writes are planned on: a hint, or the stored document. */
  state?: DocumentState;
  /** Conditional writes of this document that lost to another writer. */
  attempts: number;
  /** Every write answered (or given back to the queue). */
  done: boolean;
}

export class PostgresGroupCommit implements WriteCommitter {
  /** Writes waiting for a batch, per document in arrival order. */
  private readonly waiting = new Map<string, QueuedWrite[]>();
  /** Documents with writes in a running batch (their later writes wait for a later batch). */
  private readonly busy = new Set<string>();
  /** Waiting documents with a write queued ahead, in arrival order: taken before the others. */
  private readonly ahead = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private scheduled = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly context: CommitContext,
  ) {}

  enqueue(write: QueuedWrite): void {
    const queued = this.waiting.get(write.docPath);
    if (queued === undefined) this.waiting.set(write.docPath, [write]);
    else queued.push(write);
    if (write.ahead === true) this.ahead.add(write.docPath);
    this.schedule();
  }

  async drain(): Promise<void> {
    for (;;) {
      if (this.running.size > 0) await Promise.allSettled([...this.running]);
      else if (this.waiting.size > 0 || this.scheduled) await nextTurn();
      else return;
    }
  }

  private schedule(): void {
    if (this.scheduled || !this.room()) return;
    this.scheduled = true;
    // setImmediate, as on SQLite: the writes of this turn of the event loop join the batch.
    setImmediate(() => {
      this.scheduled = false;
      while (this.room()) {
        // Every place held: the one more batch takes documents with a write ahead, and only those.
        const batch = this.take(this.running.size >= MAX_BATCHES_IN_FLIGHT);
        if (batch.length === 0) return;
        const run = this.run(batch).finally(() => {
          this.running.delete(run);
          this.schedule();
        });
        this.running.add(run);
      }
    });
  }

  /** Whether a batch may start: a place is free, or only the extra one and a document with a write ahead is free. */
  private room(): boolean {
    if (this.running.size < MAX_BATCHES_IN_FLIGHT) return true;
    if (this.running.size > MAX_BATCHES_IN_FLIGHT) return false;
    for (const docPath of this.ahead) if (!this.busy.has(docPath)) return true;
    return false;
  }

  /**
   * Takes up to MAX_BATCH_WRITES waiting writes of documents no running batch holds: those of documents with a write
   * ahead first, then (unless `aheadOnly`) the others, oldest first. A document's writes are taken in order.
   */
  private take(aheadOnly: boolean): DocumentBatch[] {
    const batch: DocumentBatch[] = [];
    let count = 0;
    const takeFrom = (docPath: string, queued: QueuedWrite[]) => {
      const room = MAX_BATCH_WRITES - count;
      const writes = queued.length <= room ? queued : queued.splice(0, room);
      if (writes === queued || !queued.some((write) => write.ahead === true)) this.ahead.delete(docPath);
      if (writes === queued) this.waiting.delete(docPath);
      this.busy.add(docPath);
      count += writes.length;
      batch.push({ docPath, writes, attempts: 0, done: false });
    };
    for (const docPath of this.ahead) {
      if (count >= MAX_BATCH_WRITES) return batch;
      if (!this.busy.has(docPath)) takeFrom(docPath, this.waiting.get(docPath)!);
    }
    if (aheadOnly) return batch;
    for (const [docPath, queued] of this.waiting) {
      if (count >= MAX_BATCH_WRITES) break;
      if (!this.busy.has(docPath)) takeFrom(docPath, queued);
    }
    return batch;
  }

  /**
   * Commits `batch`, answering every write in it; never throws. Its documents stay busy until it ends (unless
   * `release` is false: a write retried alone by its batch, which releases them).
   */
  private async run(batch: DocumentBatch[], release = true): Promise<void> {
    let open = batch;
    try {
      const unknown: DocumentBatch[] = [];
      for (const entry of batch) {
        const hint = this.context.trusted(entry.docPath) ? this.context.hints.get(entry.docPath) : undefined;
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
          if (written.has(entry.docPath)) this.settle(entry, plan);
          else if (++entry.attempts >= MAX_ATTEMPTS) this.fail(entry, lostTooOften(entry.docPath));
          else lost.push(entry);
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
            await this.run([{ docPath: entry.docPath, writes: [write], attempts: 0, done: false }], false);
          }
          entry.done = true;
        }
      } else {
        for (const entry of unanswered) this.fail(entry, error);
      }
    } finally {
      if (release) for (const entry of batch) this.busy.delete(entry.docPath);
    }
  }

  private plan(entry: DocumentBatch): DocumentPlan | undefined {
    entry.planned ??= entry.writes.map(planned);
    return planDocument(entry.docPath, entry.planned, entry.state!, {
      maxDocumentBytes: this.context.maxDocumentBytes,
      now: this.context.clock(),
    });
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
      this.context.hints.remember(entry.docPath, { value, revision: row.revision, size: row.text.length });
      entry.state = { value, revision: row.revision, fresh: true };
    }
  }

  /** Answers the writes of `entry`, whose plan committed (or wrote nothing). */
  private settle(entry: DocumentBatch, plan: DocumentPlan): void {
    if (plan.hint !== undefined) this.context.hints.remember(entry.docPath, plan.hint);
    entry.writes.forEach((write, index) => answer(write, plan.outcomes[index]!, this.context));
    entry.done = true;
  }

  private fail(entry: DocumentBatch, error: unknown): void {
    for (const write of entry.writes) write.reject(error);
    entry.done = true;
  }

  /** Puts the writes of `entries` back at the head of their documents' queues, for the next batch. */
  private giveBack(entries: DocumentBatch[]): void {
    for (const entry of entries) {
      const queued = this.waiting.get(entry.docPath);
      if (queued === undefined) this.waiting.set(entry.docPath, entry.writes);
      else queued.unshift(...entry.writes);
      if (entry.writes.some((write) => write.ahead === true)) this.ahead.add(entry.docPath);
      entry.writes = [];
      entry.done = true;
    }
  }
}
