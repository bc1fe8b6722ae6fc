// Writes. Each is checked here with the hub's own rules, so a bad one fails at once (INVALID_VALUE,
// INVALID_PATH, TOO_LARGE); it shows in this client's listened values at once, is queued while offline, and its
// promise settles with the hub's answer: a refused write rolls back and rejects with the upper-cased code.

import { SERVER_TIMESTAMP, type ServerTimestamp } from '@marquee/protocol';
import { repoOf } from './database';
import { writableSegments, type DatabaseReference } from './reference';

export function set(reference: DatabaseReference, value: unknown): Promise<void> {
  try {
    return repoOf(reference.db).set(writableSegments(reference), value);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** A multi-path update: each key is a child path ('a/b' allowed) whose node is replaced; null removes. */
export function update(reference: DatabaseReference, values: object): Promise<void> {
  try {
    return repoOf(reference.db).update(writableSegments(reference), values);
  } catch (error) {
    return Promise.reject(error);
  }
}

export function remove(reference: DatabaseReference): Promise<void> {
  try {
    return repoOf(reference.db).remove(writableSegments(reference));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Written in place of a value, it becomes the server's clock (ms) when the write is applied. */
export function serverTimestamp(): ServerTimestamp {
  return SERVER_TIMESTAMP;
}
