// What the realtime store asks of a committer: take queued writes, commit them in batches (group commit) and answer
// each one, once its batch is durable. One committer per database dialect (sqliteGroupCommit.ts,
// postgresGroupCommit.ts), chosen when the store starts; both plan every document with writePlan.ts.

import type { HintCache } from './hintCache';
import {
  WriteFailure,
  type ChangeEvent,
  type Mutation,
  type PlannedWrite,
  type StaleResult,
  type WriteOutcome,
  type WriteResult,
} from './writePlan';

/** Writes committed together in one batch at most. */
export const MAX_BATCH_WRITES = 512;
/** Documents (JSON characters) written by one batch before it is closed early. */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;
/** Conditional writes of one document that lost to other writers before giving up (pathological contention). */
export const MAX_ATTEMPTS = 100;

/** A write waiting for its batch. */
export interface QueuedWrite {
  docPath: string;
  changedPaths: string[];
  /** The document's pub/sub topic (a connection's sets carry the one their DocumentLocation made once). */
  topic: string;
  /** Committed ahead of the writes queued before it (WriteOptions.ahead). */
  ahead?: boolean;
  /** Builds the mutation when the batch runs, so that server timestamps are the time of the commit. */
  prepare: () => Mutation;
  resolve: (result: WriteResult | StaleResult) => void;
  reject: (error: unknown) => void;
}

/** What every committer of a store shares with it. */
export interface CommitContext {
  hints: HintCache;
  /** Whether `docPath`'s hint can be written on without a read (a stale one costs a lost write and a read). */
  trusted: (docPath: string) => boolean;
  /**
   * Tells watchers of the document, on every node, of a committed change on its `topic` (`text`: the document's JSON).
   */
  publish: (event: ChangeEvent, text: string | undefined, topic: string) => void;
  /** Epoch milliseconds. */
  clock: () => number;
  maxDocumentBytes: number;
}

export interface WriteCommitter {
  enqueue(write: QueuedWrite): void;
  /** Resolves once every write enqueued so far has been answered. */
  drain(): Promise<void>;
}

/** The write as the plan takes it; a write whose preparation throws fails alone. */
export function planned(write: QueuedWrite): PlannedWrite {
  try {
    return { changedPaths: write.changedPaths, mutation: write.prepare() };
  } catch (error) {
    return { changedPaths: write.changedPaths, mutation: new WriteFailure(error) };
  }
}

/** Answers a write of a committed batch: its change published first, so a listener hears it before the writer. */
export function answer(write: QueuedWrite, outcome: WriteOutcome, context: CommitContext): void {
  if ('error' in outcome) {
    write.reject(outcome.error);
    return;
  }
  if (outcome.event !== undefined) context.publish(outcome.event, outcome.text, write.topic);
  write.resolve(outcome.result);
}

export function lostTooOften(docPath: string): Error {
  return new Error(`Write to ${docPath} lost to concurrent writers ${MAX_ATTEMPTS} times`);
}

export { nextTurn } from '../eventLoop';
