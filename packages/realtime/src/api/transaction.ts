// runTransaction (docs/protocols/realtime.md §Transactions): the update function gets the current value and returns
// the new one; it runs again on the current value whenever the hub finds the value changed (datastale), up to
// `maxRetries` attempts in all. Returning undefined aborts: committed false, no error. Failures: MAXRETRY after the
// last attempt; SET when this client writes an overlapping path meanwhile; any refusal of the hub (e.g.
// PERMISSION_DENIED).

import { TRANSACTION_MAX_RETRIES, type RealtimeJson } from '@marquee/protocol';
import { repoOf } from './database';
import { writableSegments, type DatabaseReference } from './reference';
import { DataSnapshot } from './snapshot';

export interface TransactionOptions {
  /** Attempts in all before MAXRETRY; default TRANSACTION_MAX_RETRIES (25). */
  maxRetries?: number;
}

export interface TransactionResult {
  committed: boolean;
  /** The committed value, or the current one when the update function aborted. */
  snapshot: DataSnapshot;
}

export async function runTransaction(
  reference: DatabaseReference,
  updateFunction: (current: RealtimeJson) => unknown,
  options: TransactionOptions = {},
): Promise<TransactionResult> {
  const maxRetries = options.maxRetries ?? TRANSACTION_MAX_RETRIES;
  if (!Number.isInteger(maxRetries) || maxRetries < 1) {
    throw new RangeError(`maxRetries must be a whole number of at least 1 (got ${String(maxRetries)})`);
  }
  const result = await repoOf(reference.db).transaction(
    writableSegments(reference),
    updateFunction,
    maxRetries,
  );
  return { committed: result.committed, snapshot: new DataSnapshot(reference.key, result.value) };
}
