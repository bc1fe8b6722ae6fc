// Reads: onValue (the value now, if known, and on every change) and get (once).

import type { RealtimeError } from '../errors';
import { repoOf } from './database';
import type { DatabaseReference } from './reference';
import { DataSnapshot } from './snapshot';

export type Unsubscribe = () => void;

/**
 * Calls `callback` with the value at `reference` as soon as it is known (from the server, from this client's own
 * writes at once, or from the local copy while offline) and again on every change. `cancelCallback` gets the
 * error (e.g. PERMISSION_DENIED) if the server refuses the listen, after which nothing more is called.
 * Returns the function that stops it.
 */
export function onValue(
  reference: DatabaseReference,
  callback: (snapshot: DataSnapshot) => void,
  cancelCallback?: (error: RealtimeError) => void,
): Unsubscribe {
  return repoOf(reference.db).listen(reference.path, {
    value: (value) => callback(new DataSnapshot(reference.key, value)),
    cancel: (error) => cancelCallback?.(error),
  });
}

/**
 * The value at `reference` once: the server's when connected; otherwise over REST, else the local copy, else null
 * (docs/protocols/realtime.md §Offline copy). Rejects with PERMISSION_DENIED when the server refuses it.
 */
export async function get(reference: DatabaseReference): Promise<DataSnapshot> {
  return new DataSnapshot(reference.key, await repoOf(reference.db).get(reference.path));
}
