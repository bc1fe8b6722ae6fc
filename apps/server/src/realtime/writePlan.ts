// The planning step of every realtime write, whatever the database (docs/protocols/realtime.md §Transactions): the
// queued writes of one document are applied in order, in memory, to a known state of it; each write that changes
// the document gets the next revision and its own change event, and the document after the last of them is the one
// row to write, conditionally on the revision the plan started from. Pure: the committers read, write and answer.
//
// A state may be a hint (the last state this node wrote) rather than the stored document. A write that changes the
// document is safe to plan on a hint, since the conditional write fails if the hint was stale. Every other outcome
// (a stale conditional set, a write that changes nothing, a refusal by the write's own check or by the size limit)
// would be wrong on a stale hint, so it is only ever given on the stored document: the plan asks for it instead.

import {
  RealtimeValidationError,
  describePath,
  parsePath,
  utf8ByteLength,
  type RealtimeValue,
} from '@marquee/protocol';
import { documentText } from './documentText';
import type { Hint } from './hintCache';

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

/** Published after every committed change. */
export interface ChangeEvent {
  docPath: string;
  revision: number;
  /** Absolute paths written, e.g. ['players/p1/settings/name']. */
  changedPaths: string[];
  /** The whole document after the change (stored form); null once removed. Treat as immutable. */
  value: RealtimeValue;
  updatedAt: number;
  /**
   * Length of the document's JSON text: a node receiving the change keeps the document as its write hint
   * (hintCache.ts) with it. Always sent; a change without it is delivered but not kept.
   */
  size?: number;
}

/** A write's effect on a document: the new document (the same object when nothing changes), or a stale answer. */
export type Mutation = (document: RealtimeValue, revision: number) => RealtimeValue | StaleResult;

/** Why a write could not even be prepared: it fails alone, whatever the document. */
export class WriteFailure {
  constructor(readonly error: unknown) {}
}

/** One queued write as the plan sees it. */
export interface PlannedWrite {
  readonly changedPaths: string[];
  readonly mutation: Mutation | WriteFailure;
}

export interface DocumentState {
  value: RealtimeValue;
  /** 0 for a document never written. */
  revision: number;
  /** Read from the database (not a hint). */
  fresh: boolean;
}

export type WriteOutcome =
  | {
      result: WriteResult | StaleResult;
      event?: ChangeEvent;
      /** The JSON text of the event's document, as stored: brokers reuse it rather than encode the value again. */
      text?: string;
    }
  | { error: unknown };

/** One conditional write: `revision` and `text` replace the row only while its revision is `expected`. */
export interface ConditionalWrite {
  path: string;
  /** Revision the write was computed from; 0 for a document never written (inserted if still absent). */
  expected: number;
  revision: number;
  text: string;
  updatedAt: number;
}

export interface DocumentPlan {
  /** One per write, in order. */
  outcomes: WriteOutcome[];
  /** The document after the last changing write, to store; absent when no write changed it. */
  row?: ConditionalWrite;
  /** The same document, for the hints once the row is committed. */
  hint?: Hint;
}

export interface PlanLimits {
  /** Largest document, in UTF-8 bytes of its JSON text. */
  maxDocumentBytes: number;
  /** Epoch milliseconds: updated_at of the row and its events. */
  now: number;
}

export function isStale(result: RealtimeValue | StaleResult): result is StaleResult {
  return typeof result === 'object' && result !== null && (result as StaleResult).stale === true;
}

/** Throws too_large when `text` (a document's JSON) is over the limit. */
export function checkDocumentSize(docPath: string, text: string, maxBytes: number): void {
  // Each UTF-16 unit is at most 3 UTF-8 bytes: only a long text needs counting.
  if (text.length <= maxBytes / 3 || utf8ByteLength(text, maxBytes) <= maxBytes) return;
  throw new RealtimeValidationError(
    'too_large',
    `Document ${describePath(parsePath(docPath))} would be larger than ${maxBytes} bytes`,
    docPath,
  );
}

/**
 * Applies `writes` in order to `state`. Undefined when `state` is a hint and an outcome must be judged on the
 * stored document: read it and plan again.
 */
export function planDocument(
  docPath: string,
  writes: readonly PlannedWrite[],
  state: DocumentState,
  limits: PlanLimits,
): DocumentPlan | undefined {
  const outcomes: WriteOutcome[] = [];
  let value = state.value;
  let revision = state.revision;
  let row: ConditionalWrite | undefined;
  for (const { mutation, changedPaths } of writes) {
    if (mutation instanceof WriteFailure) {
      outcomes.push({ error: mutation.error });
      continue;
    }
    let next: RealtimeValue | StaleResult;
    let text: string;
    try {
      next = mutation(value, revision);
      if (isStale(next) || next === value) {
        if (!state.fresh) return undefined;
        outcomes.push({ result: isStale(next) ? next : { docPath, revision, changedPaths: [] } });
        continue;
      }
      text = documentText(next, value);
      checkDocumentSize(docPath, text, limits.maxDocumentBytes);
    } catch (error) {
      if (!state.fresh) return undefined;
      outcomes.push({ error });
      continue;
    }
    value = next;
    revision++;
    const event: ChangeEvent = {
      docPath,
      revision,
      changedPaths,
      value,
      updatedAt: limits.now,
      size: text.length,
    };
    outcomes.push({ result: { docPath, revision, changedPaths }, event, text });
    row = { path: docPath, expected: state.revision, revision, text, updatedAt: limits.now };
  }
  if (row === undefined) return { outcomes };
  return { outcomes, row, hint: { value, revision, size: row.text.length } };
}

/**
 * The JSON text of `event` (what JSON.stringify gives, members in another order), built around `documentText`, the
 * text of `event.value` already made for its row: a broker sending every change to other nodes does not encode each
 * document a second time.
 */
export function changeEventText(event: ChangeEvent, documentText: string): string {
  return (
    `{"docPath":${JSON.stringify(event.docPath)},"revision":${event.revision},` +
    `"changedPaths":${JSON.stringify(event.changedPaths)},"updatedAt":${event.updatedAt},` +
    (event.size === undefined ? '' : `"size":${event.size},`) +
    `"value":${documentText}}`
  );
}
